// Two editors typing in one text field inside a section (issue 26, deliverable 1): a page's first
// section heading is a shared text in the room, merged by character like the title.
import assert from "node:assert/strict";
import { converge, twoEditorsOnNewPage } from "./browser.mjs";

const START = "one two three four five";
const headingOf = (page) => page.locator("[data-cms-field$=':sections.0.heading']");
const read = (page) => headingOf(page).textContent();

/** Puts the caret (or a selection, with `to`) at a character offset of the heading's text. */
async function select(page, from, to = from) {
  await headingOf(page).click();
  await headingOf(page).evaluate(
    (element, [start, end]) => {
      const text = element.firstChild;
      const range = document.createRange();
      range.setStart(text, start);
      range.setEnd(text, end);
      const selection = document.getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
    },
    [from, to],
  );
}

/** Both editors on a page of their own whose first heading is {@link START}, seen by both. */
async function onHeading(ctx) {
  const { a, b } = await twoEditorsOnNewPage(ctx, { title: "Sections typed together", sections: [{ type: "hero", heading: START }] });
  await converge([a, b], read, START);
  return { a, b };
}

const after = (word) => START.indexOf(word) + word.length;

export const tests = [
  {
    name: "sections: two editors typing alternately after different words in one section heading keep every letter where they put it",
    async run(ctx) {
      const { a, b } = await onHeading(ctx);
      await select(a, after("two"));
      await select(b, after("four"));
      for (let i = 0; i < 10; i++) {
        await a.keyboard.type("q");
        await b.keyboard.type("z");
      }
      await converge([a, b], read, `one two${"q".repeat(10)} three four${"z".repeat(10)} five`);
    },
  },
  {
    name: "sections: two editors typing at the same spot of a section heading at once keep all their letters",
    async run(ctx) {
      const { a, b } = await onHeading(ctx);
      await select(a, after("three"));
      await select(b, after("three"));
      await Promise.all([a.keyboard.type("XXXXX", { delay: 30 }), b.keyboard.type("YYYYY", { delay: 30 })]);
      const deadline = Date.now() + 10_000;
      let seen = [];
      while (Date.now() < deadline) {
        seen = await Promise.all([read(a), read(b)]);
        if (seen[0] === seen[1] && seen[0].length === START.length + 10) break;
        await a.waitForTimeout(50);
      }
      assert.equal(seen[0], seen[1], `not converged: ${JSON.stringify(seen)}`);
      assert.equal(seen[0].match(/X/g)?.length, 5, seen[0]);
      assert.equal(seen[0].match(/Y/g)?.length, 5, seen[0]);
      assert.equal(seen[0].replace(/[XY]/g, ""), START);
    },
  },
  {
    name: "sections: two editors replacing the same word of a section heading keep both replacements",
    async run(ctx) {
      const { a, b } = await onHeading(ctx);
      const word = [START.indexOf("three"), after("three")];
      await select(a, ...word);
      await select(b, ...word);
      await Promise.all([a.keyboard.type("when", { delay: 30 }), b.keyboard.type("how", { delay: 30 })]);
      const deadline = Date.now() + 10_000;
      let seen = [];
      while (Date.now() < deadline) {
        seen = await Promise.all([read(a), read(b)]);
        if (seen[0] === seen[1] && seen[0].includes("when") && seen[0].includes("how")) break;
        await a.waitForTimeout(50);
      }
      assert.ok(["one two whenhow four five", "one two howwhen four five"].includes(seen[0]) && seen[0] === seen[1], `saw ${JSON.stringify(seen)}`);
    },
  },
];
