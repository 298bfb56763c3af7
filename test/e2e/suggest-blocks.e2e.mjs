// Block suggestions (issue 36, item 2): Enter in Suggesting mode splits a paragraph as a
// suggestion; the draft keeps one paragraph until a publisher accepts it (two) or rejects it (one).
import assert from "node:assert/strict";
import { api, barAction, converge } from "./browser.mjs";
import { body, caretAfter, newestVersion, panelOf, startSuggesting, threeOnAPage } from "./suggestions.e2e.mjs";

/* The paragraphs a page shows in the body, each as "split: text" when drawn as a suggested split. */
const paragraphs = (page) =>
  body(page).evaluate((root) =>
    [...root.querySelectorAll(":scope > p")].map((p) => {
      const copy = p.cloneNode(true);
      for (const caret of copy.querySelectorAll(".ProseMirror-yjs-cursor")) caret.remove();
      return `${p.classList.contains("cms-block-split") ? "split: " : ""}${copy.textContent}`;
    }),
  );

/* The editor presses Enter after "nine" in Suggesting mode and types; the publisher sees it as a suggestion, and the draft does not. */
async function splitSuggested(ctx) {
  const { editor, one, id } = await threeOnAPage(ctx);
  await startSuggesting(editor.page);
  await caretAfter(editor.page, body(editor.page), "nine");
  await editor.page.keyboard.press("Enter");
  await editor.page.keyboard.type("Sharp.");
  const shown = JSON.stringify(["We open at nine", "split: Sharp. on weekdays."]);
  await converge([editor.page, one.page], async (page) => JSON.stringify(await paragraphs(page)), shown, 15_000);
  const { suggestions } = await api(one.context, ctx.site, "GET", `/api/cms/pages/${id}/suggestions`);
  assert.deepEqual(suggestions.map((s) => s.kind).sort(), ["insert", "split"], JSON.stringify(suggestions));
  // The draft the room writes (here for a write from outside, which it merges and stores whole) still has one paragraph.
  await api(one.context, ctx.site, "POST", `/api/cms/pages/${id}/versions`, { title: "Opening hours" });
  assert.equal(await newestVersion(one.context, ctx.site, id), "Opening hours|<p>We open at nine on weekdays.</p>");
  await barAction(one.page, "Suggestions");
  return { editor, one, id, split: panelOf(one.page).locator("li", { hasText: "New paragraph" }) };
}

export const tests = [
  {
    name: "suggest blocks: Enter in Suggesting mode is a suggested new paragraph; accepted, the draft has two",
    async run(ctx) {
      const { editor, one, id, split } = await splitSuggested(ctx);
      await split.getByRole("button", { name: /^Accept/ }).click();
      await converge([editor.page, one.page], async (page) => JSON.stringify(await paragraphs(page)), JSON.stringify(["We open at nine", "Sharp. on weekdays."]), 15_000);
      // "Sharp." is still an open insertion: the draft has the two paragraphs without it.
      await converge([one.page], () => newestVersion(one.context, ctx.site, id), "Opening hours|<p>We open at nine</p><p> on weekdays.</p>", 20_000);
    },
  },
  {
    name: "suggest blocks: a suggested new paragraph rejected joins the paragraph again",
    async run(ctx) {
      const { editor, one, id, split } = await splitSuggested(ctx);
      await split.getByRole("button", { name: /^Reject/ }).click();
      await converge([editor.page, one.page], async (page) => JSON.stringify(await paragraphs(page)), JSON.stringify(["We open at nineSharp. on weekdays."]), 15_000);
      await api(one.context, ctx.site, "POST", `/api/cms/pages/${id}/versions`, { title: "Opening hours" });
      assert.equal(await newestVersion(one.context, ctx.site, id), "Opening hours|<p>We open at nine on weekdays.</p>");
    },
  },
];
