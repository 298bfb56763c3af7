import { describe, expect, it } from "vitest";
import { diffSequences } from "../../src/shared/sequence-diff";
import { diffText, graphemes, type TextSplice } from "../../src/shared/text-splice";

const apply = (before: string, s: TextSplice) => before.slice(0, s.index) + s.insert + before.slice(s.index + s.remove);

/** Every grapheme boundary of `text`, as UTF-16 offsets. */
function boundaries(text: string): Set<number> {
  const out = new Set([0]);
  let at = 0;
  for (const g of graphemes(text)) out.add((at += g.length));
  return out;
}

/** A small seeded generator, so a failure names a case that can be run again. */
function random(seed: number): () => number {
  return () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

const ALPHABET = ["a", "b", " ", "😀", "😁", "👍🏽", "e\u0301", "👨‍👩‍👧", "🇫🇷", "x"];

describe("diffText: the one splice of client, cores and room", () => {
  it.each([
    ["the issue's emoji: Backspace after 😁 in ' 😁😀x'", " 😁😀x", " 😀x", { index: 1, remove: 4, insert: "😀" }],
    ["deleting the second of two emoji", " 😁😀x", " 😁x", { index: 3, remove: 2, insert: "" }],
    ["a combining mark added to its letter", "cafe", "cafe\u0301", { index: 3, remove: 1, insert: "e\u0301" }],
    ["a skin tone added to a thumb", "ok 👍!", "ok 👍🏽!", { index: 3, remove: 2, insert: "👍🏽" }],
    ["one person added to a ZWJ family", "👨‍👩", "👨‍👩‍👧", { index: 0, remove: 5, insert: "👨‍👩‍👧" }],
    ["a plain insertion", "About us", "About all of us", { index: 6, remove: 0, insert: "all of " }],
    ["nothing changed", "same", "same", { index: 4, remove: 0, insert: "" }],
  ])("%s", (_label, before, after, splice) => {
    expect(diffText(before, after)).toEqual(splice);
    expect(apply(before, splice)).toBe(after);
  });

  it("on 2,000 random pairs the splice is exact and starts and ends on grapheme boundaries of both strings", () => {
    const next = random(7);
    const pick = (n: number) => Array.from({ length: n }, () => ALPHABET[Math.floor(next() * ALPHABET.length)]).join("");
    for (let i = 0; i < 2000; i++) {
      const shared = pick(Math.floor(next() * 4));
      const before = shared + pick(Math.floor(next() * 5)) + shared;
      const after = shared + pick(Math.floor(next() * 5)) + shared;
      const splice = diffText(before, after);
      expect(apply(before, splice), JSON.stringify({ before, after })).toBe(after);
      const b = boundaries(before);
      const a = boundaries(after);
      expect(b.has(splice.index) && b.has(splice.index + splice.remove), JSON.stringify({ before, after, splice })).toBe(true);
      expect(a.has(splice.index) && a.has(splice.index + splice.insert.length), JSON.stringify({ before, after, splice })).toBe(true);
    }
  });

  it("long strings are cut on grapheme boundaries too (segmented in a window)", () => {
    const pad = "word ".repeat(2000);
    expect(diffText(`${pad}😁😀x${pad}`, `${pad}😀x${pad}`)).toEqual({ index: pad.length, remove: 4, insert: "😀" });
  });
});

describe("diffSequences", () => {
  it("on 1,000 random pairs its hunks turn a into b", () => {
    const next = random(11);
    const pick = (n: number) => Array.from({ length: n }, () => "abc"[Math.floor(next() * 3)] as string);
    for (let i = 0; i < 1000; i++) {
      const a = pick(Math.floor(next() * 12));
      const b = pick(Math.floor(next() * 12));
      const out = [...a];
      for (const h of [...diffSequences(a, b)].reverse()) out.splice(h.aStart, h.aEnd - h.aStart, ...b.slice(h.bStart, h.bEnd));
      expect(out, JSON.stringify({ a, b })).toEqual(b);
    }
  });

  it("reports one changed region past 1,000 edits instead of searching further", () => {
    const a = Array.from({ length: 20_000 }, (_, i) => (i % 2 === 0 ? "x" : String(i)));
    const b = a.map((item, i) => (i % 2 === 0 ? item : `${item}!`));
    expect(diffSequences(["same", ...a, "end"], ["same", ...b, "end"])).toEqual([{ aStart: 2, aEnd: 20_001, bStart: 2, bEnd: 20_001 }]);
  });

  it("places an ambiguous insertion at its rightmost place", () => {
    expect(diffSequences(["one", " ", "three"], ["one", " ", "2", " ", "three"])).toEqual([{ aStart: 2, aEnd: 2, bStart: 2, bEnd: 4 }]);
  });
});
