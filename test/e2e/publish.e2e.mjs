// Publishing from the edit bar: only publishers get the button; it saves what is pending, publishes
// through the page's room, visitors see the new version, and every editor in the room is told.
import assert from "node:assert/strict";
import { openAs, waitForEditing, waitForStatus } from "./browser.mjs";

const ABOUT = "/about";
const title = (page) => page.locator('h1[data-cms-field="pages:2:title"]');
const publishButton = (page) => page.getByRole("button", { name: "Publish this page" });

export const tests = [
  {
    name: "publish: an editor without the privilege gets no Publish button",
    async run({ browser, site, track }) {
      const { context, page } = await openAs(browser, site, "editor@example.test");
      track(context);
      await page.goto(ABOUT);
      await waitForEditing(page);
      assert.equal(await publishButton(page).count(), 0);
    },
  },
  {
    name: "publish: the publisher's edit goes live, and the other editor in the room is told",
    async run({ browser, site, track }) {
      const editor = await openAs(browser, site, "editor@example.test");
      const publisher = await openAs(browser, site, "publisher@example.test");
      const visitor = await openAs(browser, site);
      for (const { context } of [editor, publisher, visitor]) track(context);
      await Promise.all([editor.page.goto(ABOUT), publisher.page.goto(ABOUT)]);
      await Promise.all([waitForEditing(editor.page), waitForEditing(publisher.page)]);

      const fresh = `About us, published ${Date.now().toString(36)}`;
      await title(publisher.page).click();
      await publisher.page.keyboard.press("ControlOrMeta+a");
      await publisher.page.keyboard.type(fresh);
      // Published at once, before the idle debounce: Publish must save what is pending first.
      await publishButton(publisher.page).click();
      await waitForStatus(publisher.page, "Published");
      await waitForStatus(editor.page, "Published");

      await visitor.page.goto(ABOUT);
      assert.equal((await visitor.page.locator("h1").textContent())?.trim(), fresh);
    },
  },
];
