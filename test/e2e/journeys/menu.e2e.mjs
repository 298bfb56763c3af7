// Journey (issue 33, item 11): an admin opens the site menu for the first time, adds a page not
// published yet and saves. The editor starts from the menu visitors see, so every published link
// stays; its move and remove buttons are labelled 44 px buttons.
import assert from "node:assert/strict";
import { api, newPage, openAs, waitForEditing } from "../browser.mjs";

const siteLinks = (page) => page.getByRole("navigation", { name: "Site" }).getByRole("link").allTextContents();

export const tests = [
  {
    name: "journey menu: the menu editor starts from the current menu, and adding an unpublished page keeps every published link for visitors",
    async run({ browser, site, track }) {
      const publisher = await openAs(browser, site, "admin@example.test");
      const visitor = await openAs(browser, site);
      track(publisher.context);
      track(visitor.context);
      await api(publisher.context, site, "PATCH", "/api/cms/settings", { menu: null });
      const draftTitle = `Coming soon ${Date.now().toString(36)}`;
      await newPage(publisher.context, site, { title: draftTitle });
      try {
        await visitor.page.goto("/");
        const before = (await siteLinks(visitor.page)).filter((label) => label !== "Sign in");
        assert.ok(before.length >= 2, `visitors see the default menu (${before.join(", ")})`);

        await publisher.page.goto("/about");
        await waitForEditing(publisher.page);
        await publisher.page.getByRole("button", { name: "Open page settings" }).click();
        const dialog = publisher.page.getByRole("dialog", { name: "Site settings" });
        const menu = dialog.getByRole("group", { name: "Menu" });
        await menu.waitFor();
        const labels = await menu.getByRole("textbox", { name: /^Menu label for / }).evaluateAll((inputs) => inputs.map((input) => input.value));
        assert.deepEqual(labels, before, "the editor shows the menu visitors see");

        const buttons = menu.getByRole("listitem").first().getByRole("button");
        assert.ok((await buttons.count()) === 3, "each entry has move up, move down and remove");
        for (const box of await buttons.evaluateAll((list) => list.map((b) => ({ name: b.getAttribute("aria-label"), w: b.getBoundingClientRect().width, h: b.getBoundingClientRect().height })))) {
          assert.ok(box.name, "each button is labelled");
          assert.ok(box.w >= 44 && box.h >= 44, `${box.name} is ${box.w}×${box.h}, not a 44 px target`);
        }

        await menu.getByLabel("Page to add to the menu").selectOption({ label: `${draftTitle} (not published)` });
        await menu.getByRole("button", { name: "Add to menu" }).click();
        await Promise.all([publisher.page.waitForEvent("load"), dialog.getByRole("button", { name: "Save settings" }).click()]);

        await visitor.page.goto("/");
        assert.deepEqual((await siteLinks(visitor.page)).filter((label) => label !== "Sign in"), before, "no published link is lost by saving");
      } finally {
        // Other tests follow the default menu's links.
        await api(publisher.context, site, "PATCH", "/api/cms/settings", { menu: null });
      }
    },
  },
];
