// The edit bar's layout from its first paint to live editing: it measures itself to decide whether
// its secondary actions show as text, as icons (`cms-compact`) or behind More (`cms-folded`). That
// first measurement once ran before the edit UI's stylesheet was in the page, so an unstyled bar
// (a full-width block) measured as crowded and painted folded, then unfolded a frame later.
import assert from "node:assert/strict";
import { newPage, openAs, waitForEditing } from "./browser.mjs";

/* Records the bar's layout class each time it changes, from the bar's first appearance. */
const LAYOUT_RECORDER = `
  window.__barLayouts = [];
  const layout = (bar) => (bar.classList.contains("cms-folded") ? "folded" : bar.classList.contains("cms-compact") ? "compact" : "full");
  new MutationObserver(() => {
    const bar = document.querySelector(".cms-bar");
    if (bar && window.__barLayouts[window.__barLayouts.length - 1] !== layout(bar)) window.__barLayouts.push(layout(bar));
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["class"] });
`;

export const tests = [
  {
    name: "bar layout: at 1100 px with the Language action the bar paints compact from the first frame and stays so once live, the Suggesting switch added",
    async run({ browser, site, track }) {
      const { context, page } = await openAs(browser, site, "editor@example.test", { viewport: { width: 1100, height: 800 } });
      track(context);
      await context.addInitScript(LAYOUT_RECORDER);
      const { path } = await newPage(context, site, { title: "Steady bar", body: "<p>No jump</p>" });
      await page.goto(path);
      await waitForEditing(page);
      assert.equal(await page.evaluate(() => window.louise.mode()), "live");
      const bar = page.locator(".cms-bar");
      await bar.getByRole("switch", { name: "Suggesting" }).waitFor();
      assert.equal(await bar.getByRole("button", { name: /language and translations/, includeHidden: true }).count(), 1, "the Language action is in the bar");
      // Two frames: a refit the switch's arrival asks for happens in the frame after it.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      assert.deepEqual(await page.evaluate(() => window.__barLayouts), ["compact"], "the bar's layout from first paint to live");
    },
  },
];
