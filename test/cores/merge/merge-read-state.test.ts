import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { mergeRichInto, mergeTextInto } from "../../../src/cores/merge";
import { planSequenceMerge, readState } from "../../../src/shared/writer-read";

/*
 * A writer without a base is merged against the field's last seen value, yet it may have read live
 * typing that reached D1 through a settle flush after that. Its value then repeats live content;
 * the merge must take that content as read, never insert it a second time, and keep the typing it
 * did not see.
 */

function mergedText(base: string, current: string, next: string): { text: string; conflicts: number } {
  const text = new Y.Doc().getText("t");
  text.insert(0, current);
  const conflicts = mergeTextInto(text, base, next);
  return { text: text.toString(), conflicts };
}

function apply<T>(current: readonly T[], next: readonly T[], plan: ReturnType<typeof planSequenceMerge<T>>): T[] {
  const out = [...current];
  for (const step of plan.steps) out.splice(step.at, step.remove, ...next.slice(step.from, step.to));
  return out;
}

describe("the merge of a writer that read live typing after its base", () => {
  it.each([
    ["a live insertion that extends the writer's", "Title", "Title one two three", "Title one two", "Title one two three"],
    ["the writer's insertion extends the live one", "Title", "Title one", "Title one two", "Title one two"],
    ["the writer read some typing and added a word at the start", "about", "about us here today", "Our about us", "Our about us here today"],
    ["the writer read some typing and removed a base word", "a b", "a b c d", "b c", "b c d"],
    ["a shared space is no evidence the writer read live typing", "", "l0 ", "w1 ", "l0 w1 "],
    ["a live word the writer seems to remove stays (it may never have seen it)", "a", "a b c d", "a c", "a b c d"],
    ["the writer read typing at two places", "x y", "p x q y r", "p x q y", "p x q y r"],
    ["the writer read typing, live typed between its words", "x", "x one new two", "x one two", "x one new two"],
    ["live deleted a base word the writer still had", "a b c", "a c d", "a b c", "a c d"],
    ["live replaced a word the writer read replaced", "a b c", "a B c d", "a B c", "a B c d"],
  ])("%s", (_label, base, current, next, expected) => {
    expect(mergedText(base, current, next)).toEqual({ text: expected, conflicts: 0 });
  });

  it("a rich field gets a live paragraph the writer read once", () => {
    const doc = new Y.Doc();
    const fragment = doc.getXmlFragment("body");
    mergeRichInto(fragment, "", "<p>one</p><p>two</p><p>three</p>");
    expect(mergeRichInto(fragment, "<p>one</p>", "<p>one</p><p>two</p><p>mine</p>")).toBe(0);
    expect(fragment.toString()).toBe("<paragraph>one</paragraph><paragraph>two</paragraph><paragraph>three</paragraph><paragraph>mine</paragraph>");
  });

  it("readState takes live insertions the writer holds as read, and keeps live deletions", () => {
    expect(readState(["a"], ["a", "b", "c"], ["a", "b", "d"])).toEqual(["a", "b"]);
    expect(readState(["a", "b"], ["b"], ["a", "b"])).toEqual(["a", "b"]);
    expect(readState(["a"], ["a"], ["z"])).toEqual(["a"]);
  });
});

/* Unique words, so every word's fate is known: S extends the base, L extends S, the writer edits S. */
const scenario = fc
  .record({
    base: fc.integer({ min: 0, max: 6 }),
    beforeRead: fc.array(fc.nat(), { maxLength: 6 }),
    afterRead: fc.array(fc.nat(), { maxLength: 6 }),
    removed: fc.array(fc.nat(), { maxLength: 4 }),
    added: fc.array(fc.nat(), { maxLength: 4 }),
  })
  .map(({ base, beforeRead, afterRead, removed, added }) => {
    let fresh = 0;
    const word = (prefix: string) => `${prefix}${fresh++}`;
    const b = Array.from({ length: base }, () => word("b"));
    const s = [...b];
    for (const at of beforeRead) s.splice(at % (s.length + 1), 0, word("s"));
    const l = [...s];
    for (const at of afterRead) l.splice(at % (l.length + 1), 0, word("l"));
    const w = [...s];
    const gone: string[] = [];
    for (const at of removed) if (w.length > 0) gone.push(...w.splice(at % w.length, 1));
    const mine: string[] = [];
    for (const at of added) {
      const next = word("w");
      mine.push(next);
      w.splice(at % (w.length + 1), 0, next);
    }
    return { b, s, l, w, gone, mine, live: l.filter((x) => !s.includes(x)) };
  });

describe("property: a writer that read S, merged into live text that extends S", () => {
  it("never duplicates content and never loses live typing (planSequenceMerge)", () => {
    fc.assert(
      fc.property(scenario, ({ b, l, w, mine, live }) => {
        const plan = planSequenceMerge(b, l, w);
        const out = apply(l, w, plan);
        expect(new Set(out).size).toBe(out.length);
        for (const x of live) expect(out).toContain(x);
        for (const x of out) expect(l.includes(x) || mine.includes(x)).toBe(true);
        if (plan.conflicts.length === 0) for (const x of mine) expect(out).toContain(x);
              }),
      { numRuns: 400 },
    );
  });

  it("the same through the text merge (words as delimited marks, since same-point insertions may touch)", () => {
    fc.assert(
      fc.property(scenario, ({ b, l, w, mine, live }) => {
        const text_ = (words: string[]) => words.map((x) => `q${x}q `).join("");
        const { text } = mergedText(text_(b), text_(l), text_(w));
        const out = [...text.matchAll(/q([a-z]\d+)q/g)].map((m) => m[1] as string);
        expect(new Set(out).size).toBe(out.length);
        for (const x of live) expect(out).toContain(x);
        for (const x of out) expect(l.includes(x) || mine.includes(x)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });
});
