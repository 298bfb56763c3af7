// Validation that helps (issue 22, item 3): a draft may leave a section's required field empty;
// publishing it is refused, and the Publish dialog lists each violation with the section it is in
// and a button that takes the editor to the field.
import assert from "node:assert/strict";
import { api, newPage, openAs, waitForEditing } from "./browser.mjs";

export const tests = [
  {
    name: "publish violations: the dialog lists an empty required section field by its section, and Go to focuses it",
    async run({ browser, site, track }) {
      const publisher = await openAs(browser, site, "publisher@example.test");
      track(publisher.context);
      const sections = [
        { type: "hero", heading: "Filled", text: "Intro" },
        { type: "features", heading: "Why", items: [{ title: "One", text: "First" }, { title: "", text: "No title yet" }] },
      ];
      const { id, path } = await newPage(publisher.context, site, { title: "Needs fixing", sections: sections.slice(0, 1) });
      // A draft may leave required fields empty.
      await api(publisher.context, site, "POST", `/api/cms/pages/${id}/versions`, { sections: [{ ...sections[0], heading: "" }, sections[1]] });
      const page = publisher.page;
      await page.goto(path);
      await waitForEditing(page);

      await page.getByRole("button", { name: "Publish this page" }).click();
      const dialog = page.getByRole("dialog", { name: "Publish" });
      await dialog.getByRole("button", { name: "Publish now" }).click();
      const list = dialog.getByRole("list", { name: "What to fix before publishing" });
      await list.waitFor();
      const lines = (await list.getByRole("listitem").allTextContents()).map((line) => line.replace(/\s*Go to$/, ""));
      assert.deepEqual(lines, ["Hero (section 1): Heading is required", "Features (section 2), item 2: Point is required"]);

      await list.getByRole("button", { name: "Go to Features (section 2), item 2: Point is required" }).click();
      await dialog.waitFor({ state: "detached" });
      const focused = await page.evaluate(() => document.activeElement?.getAttribute("data-cms-field"));
      assert.equal(focused, `pages:${id}:sections.1.items.1.title`);
      // Filling it in and the heading lets the page go live.
      await page.keyboard.type("Two");
      await page.locator(`[data-cms-field="pages:${id}:sections.0.heading"]`).click();
      await page.keyboard.type("Back again");
      await page.getByRole("button", { name: "Publish this page" }).click();
      await dialog.getByRole("button", { name: "Publish now" }).click();
      await dialog.getByText("Published", { exact: true }).waitFor();
      const visitor = await openAs(browser, site);
      track(visitor.context);
      await visitor.page.goto(path);
      assert.equal((await visitor.page.locator("section.hero h2").textContent())?.trim(), "Back again");
      assert.equal((await visitor.page.locator("section.features li strong").nth(1).textContent())?.trim(), "Two");
    },
  },
];
