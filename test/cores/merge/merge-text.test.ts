import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { mergeTextInto } from "../../../src/cores/merge";

function merged(base: string, current: string, next: string): { text: string; conflicts: number } {
  const text = new Y.Doc().getText("t");
  text.insert(0, current);
  const conflicts = mergeTextInto(text, base, next);
  return { text: text.toString(), conflicts };
}

describe("mergeTextInto: a writer's value merged three ways against live typing", () => {
  it.each([
    ["the issue's title: live edits at both ends survive", "Quarterly report draft", "Q3 Quarterly report draft (v2)", "Quarterly sales report draft", "Q3 Quarterly sales report draft (v2)"],
    ["writer edits before the live typing", "middle", "middlexy", "Start middle", "Start middlexy"],
    ["writer edits after the live typing", "one two", "ONE! two", "one two three", "ONE! two three"],
    ["nobody else typed", "abc", "abc", "abd", "abd"],
    ["the writer changed nothing", "abc", "aXbc", "abc", "aXbc"],
    ["both inserted at the same place: live text first", "a b", "a X b", "a Y b", "a X Y b"],
    ["separate insertions both survive", "hello world", "hello there world", "hello big world", "hello there big world"],
    ["a writer's deletion next to a live insertion", "one two three", "one two 2 three", "one three", "one 2 three"],
    ["emoji are never split", "a😀b", "a😀bc", "a😁b", "a😁bc"],
    ["combining marks stay with their letter", "cafe bar", "cafe\u0301 bar", "cafe bar!", "cafe\u0301 bar!"],
    ["a ZWJ family is one character", "x👨‍👩‍👧y", "x👨‍👩‍👧yz", "👨‍👩‍👧y", "👨‍👩‍👧yz"],
    ["a writer that read the live text and typed on gets it once", "About us", "About us, published X", "About us, published X AAA", "About us, published X AAA"],
    ["the same change on both sides is made once", "a b c", "a B c", "a B c", "a B c"],
    ["the same deletion on both sides is made once", "a b c", "a c", "a c", "a c"],
  ])("%s", (_label, base, current, next, expected) => {
    expect(merged(base, current, next)).toEqual({ text: expected, conflicts: 0 });
  });

  it("an overlap keeps the live text and reports one conflict", () => {
    expect(merged("hello world", "hello wXrld", "hello earth")).toEqual({ text: "hello wXrld", conflicts: 1 });
  });

  it("writer changes away from the overlap still apply", () => {
    expect(merged("alpha beta gamma", "alpha bXta gamma", "ALPHA bZta gamma!")).toEqual({ text: "ALPHA bXta gamma!", conflicts: 1 });
  });

  it("is the same whatever the order of two writers' bases (deterministic)", () => {
    const a = merged("title", "title live", "new title");
    const b = merged("title", "title live", "new title");
    expect(a).toEqual(b);
    expect(a.text).toBe("new title live");
  });
});
