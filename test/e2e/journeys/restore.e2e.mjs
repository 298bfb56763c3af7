// An editor's day (issue 33, item 1): two editors type on the page, one opens History and
// restores the version the page started from; both pages, the newest draft and a reload show the
// old text, whatever was typed live since (flushed to D1 or only acknowledged by the room).
import assert from "node:assert/strict";
import { api, converge, newPage, openAs, twoEditors, waitForEditing } from "../browser.mjs";

/* Types `text` at the end of the editable `locator` as an editor does: a click, End, the keys. */
async function typeAtEnd(page, locator, text) {
  await locator.click();
  await page.keyboard.press("End");
  await page.keyboard.type(text, { delay: 20 });
}

/* Resolves once the page's versions (a read) hold `text`: the live typing reached a D1 draft. */
async function untilDrafted(context, site, id, text) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const list = await api(context, site, "GET", `/api/cms/pages/${id}/versions`);
    if (JSON.stringify(list.items[0]?.versionData ?? "").includes(text)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no draft holds ${JSON.stringify(text)}`);
}

export const tests = [
  {
    name: "journey restore: text typed live is replaced by the restored version on both editors' pages and after a reload",
    async run(ctx) {
      const { browser, site, track } = ctx;
      const owner = await openAs(browser, site, "publisher@example.test");
      track(owner.context);
      const { id, path } = await newPage(owner.context, site, { title: "Opening title", body: "<p>Opening words</p>" });
      const { a, b } = await twoEditors(ctx, path);
      const titleOf = (page) => page.locator("h1[data-cms-field]").textContent();
      // The body's paragraphs without the other editor's cursor label (a widget y-prosemirror draws in them).
      const bodyOf = (page) =>
        page.locator(".body[data-cms-field]").evaluate((element) =>
          [...element.querySelectorAll(".ProseMirror > p")]
            .map((paragraph) => {
              const copy = paragraph.cloneNode(true);
              for (const cursor of copy.querySelectorAll(".ProseMirror-yjs-cursor")) cursor.remove();
              return copy.textContent;
            })
            .join("\n"),
        );

      await typeAtEnd(a, a.locator("h1[data-cms-field]"), " typed live");
      await typeAtEnd(b, b.locator(".body[data-cms-field] p").last(), " and more");
      await converge([a, b], titleOf, "Opening title typed live");
      await untilDrafted(owner.context, site, id, "typed live");
      // A last word, acknowledged by the room but perhaps not yet written to D1.
      await typeAtEnd(a, a.locator("h1[data-cms-field]"), " again");
      await converge([a, b], titleOf, "Opening title typed live again");

      await a.getByRole("button", { name: "Page history" }).click();
      const dialog = a.getByRole("dialog", { name: "Page history" });
      const rows = dialog.getByRole("list", { name: "Versions, newest first" }).getByRole("button");
      await rows.nth(1).waitFor();
      const oldest = rows.last();
      const label = await oldest.textContent();
      const version = /^Version (\d+)/.exec(label ?? "")?.[1];
      assert.ok(version, label ?? "");
      await oldest.click();
      await dialog.getByRole("button", { name: `Restore version ${version} as a new draft` }).click();
      await dialog.getByText(`Version ${version} restored as a new draft.`).waitFor();
      await dialog.getByRole("button", { name: "Close" }).click();

      await converge([a, b], titleOf, "Opening title");
      await converge([a, b], bodyOf, "Opening words");
      await a.reload();
      await waitForEditing(a);
      assert.equal(await titleOf(a), "Opening title");
      assert.equal(await bodyOf(a), "Opening words");
    },
  },
];
