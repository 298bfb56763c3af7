// Journey (issue 33, item 12): an editor types, sees "Draft saved" and reloads while a
// colleague keeps the page's room open. The page the server sends already holds the words just
// typed: nothing shows the text of the room's last write to D1 first and the new words a second later.
import assert from "node:assert/strict";
import { newPage, openAs, resetStatuses, twoEditors, waitForEditing, waitForStatus } from "../browser.mjs";

export const tests = [
  {
    name: "journey reload: a reload in edit mode is served with the words typed since the room last wrote its draft",
    async run(ctx) {
      const owner = await openAs(ctx.browser, ctx.site, "publisher@example.test");
      ctx.track(owner.context);
      const { id, path } = await newPage(owner.context, ctx.site, { title: "Reload", body: "<p>Morning notes</p>" });
      const { a } = await twoEditors(ctx, path);
      const body = a.locator(`[data-cms-field="pages:${id}:body"] .ProseMirror`);
      await body.getByText("Morning notes").click();
      await a.keyboard.press("End");
      await resetStatuses(a);
      await a.keyboard.type(" and sunrise");
      await waitForStatus(a, "Draft saved");
      const served = await (await a.reload()).text();
      assert.match(served, /Morning notes and sunrise/, "the served page holds the acknowledged words");
      await waitForEditing(a);
      assert.equal(await body.textContent(), "Morning notes and sunrise");
    },
  },
];
