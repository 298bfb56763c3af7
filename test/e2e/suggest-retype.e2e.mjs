// Retype suggestions (issue 36): the Heading button in Suggesting mode is a suggested heading; the
// draft keeps the paragraph until a publisher accepts it (a heading) or rejects it (a paragraph).
import assert from "node:assert/strict";
import { api, barAction, converge } from "./browser.mjs";
import { body, caretAfter, newestVersion, panelOf, startSuggesting, threeOnAPage } from "./suggestions.e2e.mjs";

/* The body's blocks by tag, each as "retype: h2" when drawn as a suggested type. */
const blocks = (page) =>
  body(page).evaluate((root) => JSON.stringify([...root.children].map((block) => `${block.classList.contains("cms-block-retype") ? "retype: " : ""}${block.tagName.toLowerCase()}`)));

/* The editor makes the paragraph a heading in Suggesting mode; the publisher sees it as a suggestion, and the draft does not. */
async function headingSuggested(ctx) {
  const { editor, one, id } = await threeOnAPage(ctx);
  await startSuggesting(editor.page);
  await caretAfter(editor.page, body(editor.page), "nine");
  const field = editor.page.locator(`[data-cms-field="pages:${id}:body"]`);
  await field.getByRole("toolbar").getByRole("button", { name: "Heading", exact: true }).click();
  await converge([editor.page, one.page], blocks, JSON.stringify(["retype: h2"]), 15_000);
  const { suggestions } = await api(one.context, ctx.site, "GET", `/api/cms/pages/${id}/suggestions`);
  assert.deepEqual(
    suggestions.map((s) => [s.kind, s.from, s.to]),
    [["retype", { type: "paragraph", attrs: {} }, { type: "heading", attrs: { level: 2 } }]],
    JSON.stringify(suggestions),
  );
  // The draft the room writes (here for a write from outside, which it merges and stores whole) still has the paragraph.
  await api(one.context, ctx.site, "POST", `/api/cms/pages/${id}/versions`, { title: "Opening hours" });
  assert.equal(await newestVersion(one.context, ctx.site, id), "Opening hours|<p>We open at nine on weekdays.</p>");
  await barAction(one.page, "Suggestions");
  return { editor, one, id, retype: panelOf(one.page).locator("li", { hasText: "Make heading" }) };
}

export const tests = [
  {
    name: "suggest retype: the Heading button in Suggesting mode is a suggested heading; accepted, the draft has it",
    async run(ctx) {
      const { editor, one, id, retype } = await headingSuggested(ctx);
      await retype.getByRole("button", { name: /^Accept/ }).click();
      await converge([editor.page, one.page], blocks, JSON.stringify(["h2"]), 15_000);
      await converge([one.page], () => newestVersion(one.context, ctx.site, id), "Opening hours|<h2>We open at nine on weekdays.</h2>", 20_000);
    },
  },
  {
    name: "suggest retype: a suggested heading rejected is a paragraph again",
    async run(ctx) {
      const { editor, one, id, retype } = await headingSuggested(ctx);
      await retype.getByRole("button", { name: /^Reject/ }).click();
      await converge([editor.page, one.page], blocks, JSON.stringify(["p"]), 15_000);
      await api(one.context, ctx.site, "POST", `/api/cms/pages/${id}/versions`, { title: "Opening hours" });
      assert.equal(await newestVersion(one.context, ctx.site, id), "Opening hours|<p>We open at nine on weekdays.</p>");
    },
  },
];
