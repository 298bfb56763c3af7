// Journey (issue 37, menus in every language): an admin gives a menu entry its German label in the
// settings panel; a visitor reads it on the German page while the English page keeps the English
// label. An editor (no admin) sees the German label read-only. The pages are the test's own: a
// published English page and its published German translation.
import assert from "node:assert/strict";
import { api, newPage, openAs, waitForEditing } from "../browser.mjs";

const siteLinks = (page) =>
  page.getByRole("navigation", { name: "Site" }).getByRole("link").evaluateAll((links) => links.map((link) => `${link.getAttribute("href")} ${link.textContent}`));

export const tests = [
  {
    name: "journey menu languages: an admin sets an entry's German label in the settings panel, /de/ shows it and / the English label",
    async run({ browser, site, track }) {
      const admin = await openAs(browser, site, "admin@example.test");
      const editor = await openAs(browser, site, "editor@example.test");
      const visitor = await openAs(browser, site);
      for (const { context } of [admin, editor, visitor]) track(context);
      const title = `Our work ${Date.now().toString(36)}`;
      const { id, path } = await newPage(admin.context, site, { title, body: "<p>What we do.</p>" });
      await api(admin.context, site, "POST", `/api/cms/pages/${id}/publish`, {});
      const germanSlug = `unsere-arbeit-${Date.now().toString(36)}`;
      const german = await api(admin.context, site, "POST", `/api/cms/pages/${id}/versions?locale=de`, { slug: germanSlug, body: "<p>Was wir tun.</p>" });
      await api(admin.context, site, "POST", `/api/cms/pages/${german.id}/publish`, {});
      await api(admin.context, site, "PATCH", "/api/cms/settings", { menu: [{ pageId: id, label: "Our work" }] });
      try {
        await admin.page.goto(path);
        await waitForEditing(admin.page);
        await admin.page.getByRole("button", { name: "Open page settings" }).click();
        const dialog = admin.page.getByRole("dialog", { name: "Site settings" });
        const menu = dialog.getByRole("group", { name: "Menu" });
        await menu.getByRole("textbox", { name: `Menu label for ${title}` }).waitFor();
        const germanLabel = menu.getByRole("textbox", { name: `Label in German for ${title}` });
        assert.equal(await germanLabel.inputValue(), "", "no German label yet");
        await germanLabel.fill("Unsere Arbeit");
        await Promise.all([admin.page.waitForEvent("load"), dialog.getByRole("button", { name: "Save settings" }).click()]);

        await visitor.page.goto(`/de/${germanSlug}`);
        assert.deepEqual(await siteLinks(visitor.page), [`/de/${germanSlug} Unsere Arbeit`, "/login Sign in"], "German pages show the German label");
        await visitor.page.goto("/");
        assert.deepEqual(await siteLinks(visitor.page), [`${path} Our work`, "/login Sign in"], "English pages keep the English label");

        await editor.page.goto(path);
        await waitForEditing(editor.page);
        await editor.page.getByRole("button", { name: "Open page settings" }).click();
        const readOnly = editor.page.getByRole("dialog", { name: "Site settings" }).getByRole("textbox", { name: `Label in German for ${title}` });
        assert.equal(await readOnly.inputValue(), "Unsere Arbeit");
        assert.equal(await readOnly.evaluate((input) => input.readOnly), true, "an editor who is no admin reads the German label only");
      } finally {
        // Other tests follow the default menu's links.
        await api(admin.context, site, "PATCH", "/api/cms/settings", { menu: null });
      }
    },
  },
];
