// Typed section fields (issue 24, item 1): a call to action's link (`url`) and style (`select`)
// get the form controls a collection's typed fields get, bound to the section's entry in the room:
// one editor's choice reaches the other live, publishing puts it on the visitor's page, and an
// address the URL rule refuses is marked in place and never sent.
import assert from "node:assert/strict";
import { answered, converge, newPage, openAs, recordSaves, twoEditors, waitForEditing, waitForStatus } from "./browser.mjs";

const CTA = { type: "cta", label: "Book a class", href: "/courses/pottery-basics", style: "primary" };

export const tests = [
  {
    name: "section fields: a call to action's link and style edited live, published, and shown to visitors",
    async run(ctx) {
      const { browser, site, track } = ctx;
      const setup = await openAs(browser, site, "publisher@example.test");
      track(setup.context);
      const { path } = await newPage(setup.context, site, { title: "Classes", sections: [CTA] });
      const { a, b } = await twoEditors(ctx, path);
      const saves = recordSaves(a);
      const style = (page) => page.getByRole("combobox", { name: "Edit sections 1 style" });
      const link = (page) => page.getByLabel("Edit sections 1 href");

      assert.deepEqual(await style(a).locator("option").allTextContents(), ["—", "Primary", "Secondary"], "the declared options, by label");
      assert.equal(await style(a).inputValue(), "primary", "the editor starts from the stored value");
      assert.equal(await link(a).inputValue(), "/courses/pottery-basics");

      await style(a).selectOption({ label: "Secondary" });
      await converge([b], (page) => style(page).inputValue(), "secondary");

      await link(a).fill("example.org/book");
      await link(a).press("Tab");
      assert.equal(await link(a).inputValue(), "https://example.org/book", "a bare host gains https:// as in the link dialog");
      await converge([b], (page) => link(page).inputValue(), "https://example.org/book");

      await link(a).fill("javascript:alert(1)");
      await link(a).press("Tab");
      assert.equal(await link(a).getAttribute("aria-invalid"), "true");
      await a.locator(".cms-value-problem:not([hidden])").waitFor();
      await b.waitForTimeout(800);
      assert.equal(await link(b).inputValue(), "https://example.org/book", "the refused address never reaches the other editor");
      assert.equal(await a.evaluate(() => window.louise.mode()), "live", "the room never saw it, so never closed the editor");
      assert.deepEqual(saves, [], "edits go through the room, not inline save");

      await b.getByRole("button", { name: "Publish this page" }).click();
      await b.getByRole("dialog", { name: "Publish" }).getByRole("button", { name: "Publish now" }).click();
      await waitForStatus(b, "Published", 20_000);

      const visitor = await openAs(browser, site);
      track(visitor.context);
      await visitor.page.goto(path);
      const section = visitor.page.locator("section.cta");
      assert.equal(await section.getAttribute("class"), "cta cta-secondary");
      const button = section.getByRole("link", { name: "Book a class" });
      assert.equal(await button.getAttribute("href"), "https://example.org/book");
      assert.equal(await visitor.page.locator("[data-cms-field]").count(), 0);
    },
  },
  {
    name: "section fields: a call to action added live gets its typed editors on both pages",
    async run(ctx) {
      const { browser, site, track } = ctx;
      const setup = await openAs(browser, site, "publisher@example.test");
      track(setup.context);
      const { path } = await newPage(setup.context, site, { title: "Added", sections: [] });
      const { a, b } = await twoEditors(ctx, path);
      await a.getByRole("button", { name: "Add section", exact: true }).click();
      await a.getByRole("dialog", { name: "Add section" }).getByRole("button", { name: "Call to action", exact: true }).click();
      const style = (page) => page.getByRole("combobox", { name: "Edit sections 1 style" });
      const link = (page) => page.getByLabel("Edit sections 1 href");
      await style(b).waitFor({ timeout: 10_000 });
      assert.equal(await style(a).inputValue(), "", "a new entry starts with no style");
      await style(a).selectOption({ label: "Primary" });
      await link(a).fill("/contact");
      await link(a).press("Tab");
      await converge([b], (page) => style(page).inputValue(), "primary");
      await converge([b], (page) => link(page).inputValue(), "/contact");
      await style(b).selectOption({ label: "Secondary" });
      await converge([a], (page) => style(page).inputValue(), "secondary");
    },
  },
  {
    name: "section fields: without the room, a call to action's link and style save through inline save, and a refused address is never sent",
    async run({ browser, site, track }) {
      const { context, page } = await openAs(browser, site, "publisher@example.test");
      track(context);
      const { id, path } = await newPage(context, site, { title: "Offline", sections: [CTA] });
      // The network refuses the room's WebSocket; the site itself stays reachable.
      await page.routeWebSocket(/\/parties\//, (ws) => ws.close());
      const saves = recordSaves(page);
      await page.goto(path);
      await waitForEditing(page);
      assert.equal(await page.evaluate(() => window.louise.mode()), "rest");
      await page.getByRole("combobox", { name: "Edit sections 1 style" }).selectOption({ label: "Secondary" });
      const link = page.getByLabel("Edit sections 1 href");
      await link.fill("javascript:alert(1)");
      await link.press("Tab");
      assert.equal(await link.getAttribute("aria-invalid"), "true");
      await link.fill("example.org/visit");
      await link.press("Tab");
      const deadline = Date.now() + 10_000;
      while (!saves.some((save) => save.body.field.endsWith(".href"))) {
        if (Date.now() > deadline) assert.fail(`the link was never saved; sent ${JSON.stringify(saves.map((save) => save.body))}`);
        await page.waitForTimeout(50);
      }
      await answered(saves);
      const sent = saves.map((save) => [save.body.field, save.body.value, save.status]);
      assert.deepEqual(
        sent.sort(),
        [
          [`pages:${id}:sections.0.href`, "https://example.org/visit", 204],
          [`pages:${id}:sections.0.style`, "secondary", 204],
        ],
        JSON.stringify(sent),
      );
    },
  },
];
