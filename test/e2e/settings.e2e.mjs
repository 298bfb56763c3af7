// The edit bar's Settings button on the demo site: it dispatches cms:open-settings, the site opens
// the settings panel, and a saved site name shows in the header for everyone.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { openAs, waitForEditing } from "./browser.mjs";

/* Signs `email` in, opens /about without the room and its Settings panel; resolves the page and the dialog. */
async function openSettings({ browser, site, track }, email) {
  const { context, page } = await openAs(browser, site, email);
  track(context);
  await page.goto("/about?rest");
  await waitForEditing(page);
  await page.getByRole("button", { name: "Open page settings" }).click();
  const dialog = page.getByRole("dialog", { name: "Site settings" });
  await dialog.waitFor();
  return { page, dialog };
}

export const tests = [
  {
    name: "settings: the panel saves an admin's site name, and visitors see it in the header",
    async run({ browser, site, track }) {
      const { context, page } = await openAs(browser, site, "admin@example.test");
      const visitor = await openAs(browser, site);
      track(context);
      track(visitor.context);
      await page.goto("/about?rest");
      await waitForEditing(page);
      await page.getByRole("button", { name: "Open page settings" }).click();
      const dialog = page.getByRole("dialog", { name: "Site settings" });
      await dialog.waitFor();
      const name = `Demo ${Date.now().toString(36)}`;
      await dialog.getByLabel("Site name").fill(name);
      await Promise.all([page.waitForEvent("load"), dialog.getByRole("button", { name: "Save settings" }).click()]);
      assert.equal((await page.locator("header .brand").textContent())?.trim(), name);
      await visitor.page.goto("/about");
      assert.equal((await visitor.page.locator("header .brand").textContent())?.trim(), name);
    },
  },
  {
    name: "settings: a publisher (not an admin) sees the settings read-only and is told to ask an admin",
    async run(ctx) {
      const { dialog } = await openSettings(ctx, "publisher@example.test");
      assert.equal(await dialog.getByLabel("Site name").getAttribute("readonly"), "");
      assert.equal(await dialog.getByRole("button", { name: "Save settings" }).count(), 0);
      await dialog.getByText("only an admin can change them").waitFor();
      await dialog.getByRole("button", { name: "Close" }).click();
    },
  },
  {
    name: "settings: an admin downloads the whole-site export from the panel; a publisher is not offered it",
    async run(ctx) {
      const { page, dialog } = await openSettings(ctx, "admin@example.test");
      const [download] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("link", { name: "Export the whole site" }).click()]);
      assert.match(download.suggestedFilename(), /^127\.0\.0\.1-\d{4}-\d{2}-\d{2}\.cms$/);
      const text = await readFile(await download.path(), "utf8");
      const manifest = JSON.parse(text.slice(0, text.indexOf("\n")));
      assert.equal(manifest.format, "cms-toolkit-site-archive");
      assert.ok(manifest.counts.pages > 0, "the archive holds the site's pages");

      const { dialog: readOnly } = await openSettings(ctx, "publisher@example.test");
      await readOnly.getByText("only an admin can change them").waitFor();
      assert.equal(await readOnly.getByRole("link", { name: "Export the whole site" }).count(), 0);
    },
  },
];
