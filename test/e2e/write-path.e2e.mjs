// The write path seen from the browser (issue 13): deleting an emoji never corrupts its
// neighbour, and a REST save merged into the room keeps what live editors typed.
import assert from "node:assert/strict";
import { api, converge, newPage, openAs, twoEditors, waitForEditing } from "./browser.mjs";

const titleOf = (id) => (page) => page.locator(`h1[data-cms-field="pages:${id}:title"]`).textContent();

async function newestDraftTitle(context, site, id) {
  const { items } = await api(context, site, "GET", `/api/cms/pages/${id}/versions?limit=1`);
  return items[0]?.versionData?.title;
}

export const tests = [
  {
    name: "write path: Backspace after an emoji deletes exactly that emoji, live and in the saved draft",
    async run({ browser, site, track }) {
      const { context, page } = await openAs(browser, site, "editor@example.test");
      track(context);
      const { id, path } = await newPage(context, site, { title: "T" });
      await page.goto(path);
      await waitForEditing(page);
      const title = page.locator(`h1[data-cms-field="pages:${id}:title"]`);
      await title.click();
      await page.keyboard.press("End");
      await page.keyboard.type(" 😁😀x", { delay: 30 });
      await page.keyboard.press("ArrowLeft");
      await page.keyboard.press("ArrowLeft");
      await page.keyboard.press("Backspace");
      await converge([page], titleOf(id), "T 😀x");
      const deadline = Date.now() + 15_000;
      while ((await newestDraftTitle(context, site, id)) !== "T 😀x") {
        if (Date.now() > deadline) assert.fail(`draft title is ${JSON.stringify(await newestDraftTitle(context, site, id))}`);
        await page.waitForTimeout(200);
      }
    },
  },
  {
    name: "write path: a REST title save lands on every live editor's screen and keeps their typing",
    async run(ctx) {
      const setup = await openAs(ctx.browser, ctx.site, "publisher@example.test");
      ctx.track(setup.context);
      const { id, path } = await newPage(setup.context, ctx.site, { title: "Quarterly report draft" });
      const { a, b } = await twoEditors(ctx, path);
      await a.locator(`h1[data-cms-field="pages:${id}:title"]`).click();
      await a.keyboard.press("End");
      await a.keyboard.type(" (v2)", { delay: 30 });
      await converge([a, b], titleOf(id), "Quarterly report draft (v2)");
      const saved = await api(setup.context, ctx.site, "POST", `/api/cms/pages/${id}/versions`, { title: "Quarterly sales report draft" });
      assert.deepEqual(saved.conflicts, []);
      await converge([a, b], titleOf(id), "Quarterly sales report draft (v2)");
    },
  },
];
