// Journey (issue 33, item 12): a publisher on a 1280 px laptop finds History, Preview, Share, Pages
// and Settings on the edit bar itself, not behind "More", and the bar still fits the window.
import assert from "node:assert/strict";
import { openAs, waitForEditing } from "../browser.mjs";

const MAIN = ["Page history", "Preview as visitors will see it", "Share a link to this draft", "Pages: find a page", "Open page settings"];

export const tests = [
  {
    name: "journey bar: at 1280 px the publisher's bar keeps History, Preview, Share, Pages and Settings out of More and fits the window",
    async run({ browser, site, track }) {
      const viewport = { width: 1280, height: 800 };
      const { context, page } = await openAs(browser, site, "publisher@example.test", { viewport });
      track(context);
      await page.goto("/");
      await waitForEditing(page);
      const bar = page.locator(".cms-bar");
      assert.equal(await bar.getByRole("button", { name: "More actions" }).isVisible(), false, "nothing is folded into More");
      for (const name of MAIN) {
        const box = await bar.getByRole("button", { name }).boundingBox();
        assert.ok(box && box.width > 0, `${name} is shown on the bar`);
        assert.ok(box.x >= 0 && box.x + box.width <= viewport.width, `${name} is inside the window (${box.x}–${box.x + box.width})`);
      }
      const edges = await bar.evaluate((el) => ({ left: el.getBoundingClientRect().left, right: el.getBoundingClientRect().right, overflow: el.scrollWidth - el.clientWidth }));
      assert.ok(edges.left >= 0 && edges.right <= viewport.width && edges.overflow <= 0, `the bar fits: ${JSON.stringify(edges)}`);
      // Each button still says what it does to a pointer as well as to a screen reader.
      for (const name of MAIN) assert.equal(await bar.getByRole("button", { name }).getAttribute("title"), name);
    },
  },
];
