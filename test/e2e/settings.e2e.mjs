// The edit bar's Settings button on the demo site: it dispatches cms:open-settings, the site opens
// the settings panel, and a saved site name shows in the header for everyone.
import assert from "node:assert/strict";
import { openAs, waitForEditing } from "./browser.mjs";

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
    async run({ browser, site, track }) {
      const { context, page } = await openAs(browser, site, "publisher@example.test");
      track(context);
      await page.goto("/about?rest");
      await waitForEditing(page);
      await page.getByRole("button", { name: "Open page settings" }).click();
      const dialog = page.getByRole("dialog", { name: "Site settings" });
      await dialog.waitFor();
      assert.equal(await dialog.getByLabel("Site name").getAttribute("readonly"), "");
      assert.equal(await dialog.getByRole("button", { name: "Save settings" }).count(), 0);
      await dialog.getByText("only an admin can change them").waitFor();
      await dialog.getByRole("button", { name: "Close" }).click();
    },
  },
];
