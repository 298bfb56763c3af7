// Accessibility (issue 17, item 6): axe-core finds no serious or critical violation in edit mode,
// the history panel or the dialogs, and the editing bar works by keyboard alone.
import assert from "node:assert/strict";
import { seriousViolations } from "./axe.mjs";
import { api, newPage, openAs, twoEditors, waitForEditing } from "./browser.mjs";
import { tinyPng } from "./png.mjs";

const clean = (violations) => assert.deepEqual(violations, [], `axe found:\n    ${violations.join("\n    ")}`);

export const tests = [
  {
    name: "a11y: edit mode with two editors has no serious or critical axe violation",
    async run(ctx) {
      const { a, b } = await twoEditors(ctx, "/");
      await Promise.all([a.locator(".cms-people li").first().waitFor(), b.locator(".cms-people li").first().waitFor()]);
      // Each in a field, so the other sees their caret and name (the presence colours differ per editor).
      await a.locator('[data-cms-field="pages:1:body"] .ProseMirror p').first().click();
      await b.locator('[data-cms-field="pages:1:title"]').click();
      await b.locator('[data-cms-field="pages:1:body"] .ProseMirror-yjs-cursor').waitFor();
      clean(await seriousViolations(a));
      clean(await seriousViolations(b));
    },
  },
  {
    name: "a11y: the history panel and the image, link, publish and settings dialogs have no serious or critical axe violation",
    async run({ browser, site, track }) {
      const { context, page } = await openAs(browser, site, "publisher@example.test");
      track(context);
      await page.goto("/about");
      await waitForEditing(page);
      await page.getByRole("button", { name: "Page history" }).click();
      const history = page.getByRole("dialog", { name: "Page history" });
      await history.getByRole("list").getByRole("button").first().click();
      await history.getByRole("region", { name: "Comparison with the current draft" }).getByRole("heading").waitFor();
      clean(await seriousViolations(page));
      await page.keyboard.press("Escape");
      await history.waitFor({ state: "detached" });

      const { key } = await api(context, site, "POST", "/api/cms/upload?name=a11y-sample.png", tinyPng());
      await api(context, site, "PATCH", "/api/cms/media", { key, alt: "A sample" });
      await page.locator('[data-cms-field="pages:2:body"] .ProseMirror p').first().click();
      await page.getByRole("button", { name: "Insert image" }).click();
      const picker = page.getByRole("dialog", { name: "Insert image" });
      // The media library drawn with a choice in it (search box, named choices, sizes), not only its shell.
      await picker.getByRole("region", { name: "Media library" }).getByRole("button", { name: /a11y-sample\.png/ }).first().waitFor();
      clean(await seriousViolations(page));
      await page.keyboard.press("Escape");

      await page.getByRole("button", { name: "Link", exact: true }).click();
      const link = page.getByRole("dialog", { name: "Link" });
      await link.getByLabel("Or link to a page of this site").locator("option", { hasText: "About us" }).waitFor({ state: "attached" });
      await link.getByLabel("Address").fill("javascript:alert(1)");
      await link.getByRole("button", { name: "Add link" }).click();
      await link.getByText("That address cannot be used").waitFor();
      clean(await seriousViolations(page));
      await page.keyboard.press("Escape");
      await link.waitFor({ state: "detached" });

      await page.getByRole("button", { name: "Publish this page" }).click();
      await page.getByRole("dialog", { name: "Publish" }).getByLabel("Date and time").waitFor();
      clean(await seriousViolations(page));
      await page.keyboard.press("Escape");

      await page.getByRole("button", { name: "Open page settings" }).click();
      await page.getByRole("dialog", { name: "Site settings" }).getByRole("textbox").first().waitFor();
      clean(await seriousViolations(page));
    },
  },
  {
    name: "a11y: by keyboard alone an editor edits a field, undoes it and restores a version from the history panel",
    async run({ browser, site, track }) {
      const { context, page } = await openAs(browser, site, "editor@example.test");
      track(context);
      // A page of its own with one saved version: the seeded about page is every file's to read.
      const { id, path } = await newPage(context, site, { title: "Reached by keyboard", body: "<p>We open at nine.</p>" });
      await api(context, site, "POST", `/api/cms/pages/${id}/versions`, { title: "Reached by keyboard" });
      await page.goto(`${path}?rest`);
      await waitForEditing(page);
      const title = page.locator(`h1[data-cms-field="pages:${id}:title"]`);
      const start = await title.textContent();
      // Tab from the top of the page until the title field has focus.
      for (let i = 0; i < 20 && !(await title.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
      assert.equal(await title.evaluate((el) => el === document.activeElement), true, "the title is reachable by Tab");
      await page.keyboard.press("ControlOrMeta+End");
      await page.keyboard.type(" typed");
      await page.keyboard.press("Control+z");
      assert.equal(await title.textContent(), start);
      await page.keyboard.press("Control+y");
      assert.equal(await title.textContent(), `${start} typed`);

      const history = page.getByRole("button", { name: "Page history" });
      for (let i = 0; i < 40 && !(await history.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
      assert.equal(await history.evaluate((el) => el === document.activeElement), true, "History is reachable by Tab");
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: "Page history" });
      await dialog.getByRole("list").getByRole("button").first().waitFor();
      assert.equal(await dialog.evaluate((el) => el.contains(document.activeElement)), true, "focus moves into the dialog");
      assert.equal(await page.locator(".cms-bar [role=status][aria-live=polite]").count(), 1, "the status line is a live region");
    },
  },
];
