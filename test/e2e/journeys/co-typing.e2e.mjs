// Journey (issue 33, item 3): two editors, each in their own browser, type at the same spot of
// one field at once, a key every 150–190 ms, their keystrokes alternating: a section's heading
// (plain), a paragraph of rich text, and a list item's title. Every word each typed stays whole.
import assert from "node:assert/strict";
import { converge, newPage, openAs, textWithoutCarets, twoEditors } from "../browser.mjs";
import { START, field } from "../sections-editor.e2e.mjs";

const MINE = " alpha bravo charlie";
const THEIRS = " delta echo foxtrot";

/* A field's text without the other editors' cursor labels, spaces as typed. */
const textOf = async (locator) => (await textWithoutCarets(locator)).replace(/\u00a0/g, " ");

/* Types `text` one key at a time, 150–190 ms apart (a seeded pseudo-random pace, so a run is repeatable). */
async function typeAtPace(page, text, seed) {
  let state = seed;
  for (const letter of text) {
    await page.keyboard.type(letter);
    state = (state * 1103515245 + 12345) % 2147483648;
    await page.waitForTimeout(150 + (state % 41));
  }
}

/* Both editors put the caret at the end of `target(page)`, then type at once, B half a key behind A. */
async function typeTogether(a, b, target) {
  for (const page of [a, b]) {
    await target(page).click();
    await page.keyboard.press("End");
  }
  await Promise.all([typeAtPace(a, MINE, 7), b.waitForTimeout(80).then(() => typeAtPace(b, THEIRS, 11))]);
}

/* Every word both typed is whole in `text`, and nothing else was added. */
function assertWordsWhole(text, start, where) {
  const words = text.trim().split(/\s+/);
  const expected = [...start.trim().split(/\s+/), ...MINE.trim().split(/\s+/), ...THEIRS.trim().split(/\s+/)];
  assert.deepEqual([...words].sort(), [...expected].sort(), `${where}: every word whole, got ${JSON.stringify(text)}`);
}


export const tests = [
  {
    name: "journey co-typing: two editors typing at one spot at once keep each word whole in a section heading, a rich paragraph and a list item",
    async run(ctx) {
      const owner = await openAs(ctx.browser, ctx.site, "publisher@example.test");
      ctx.track(owner.context);
      const { id, path } = await newPage(owner.context, ctx.site, { title: "Together", body: "<p>Start here</p>", sections: START });
      const { a, b } = await twoEditors(ctx, path);
      const places = [
        { where: "section heading", locate: (page) => field(page, "sections.0.heading") },
        { where: "rich paragraph", locate: (page) => page.locator(`[data-cms-field="pages:${id}:body"] .ProseMirror p`).first() },
        { where: "list item", locate: (page) => field(page, "sections.1.items.0.title") },
      ];
      for (const { where, locate } of places) {
        const start = await textOf(locate(a));
        const length = start.length + MINE.length + THEIRS.length;
        await typeTogether(a, b, locate);
        await converge([a, b], async (page) => (await textOf(locate(page))).length, length, 20_000);
        const [x, y] = await Promise.all([a, b].map((page) => textOf(locate(page))));
        assert.equal(x, y, `${where}: both editors read the same`);
        assertWordsWhole(x, start, where);
      }
    },
  },
];
