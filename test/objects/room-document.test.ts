import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { changedFields, mergeText } from "../../src/objects/room-document";

describe("mergeText: a REST value merged against live typing", () => {
  it.each([
    ["writer edits before the live typing", "middle", "middlexy", "Start middle", "Start middlexy"],
    ["writer edits after the live typing", "one two", "ONE! two", "one two three", "ONE! two three"],
    ["nobody else typed", "abc", "abc", "abd", "abd"],
    ["both inserted at the same place", "ab", "aXb", "aYb", "aYXb"],
    ["inserts at the same place both survive", "hello world", "hello there world", "hello big world", "hello big there world"],
    ["overlapping edits: the writer wins that span", "hello world", "hello wXrld", "hello earth", "hello earth"],
    ["emoji are never split", "a😀b", "a😀bc", "a😁b", "a😁bc"],
  ])("%s", (_label, base, current, next, expected) => {
    const text = new Y.Doc().getText("t");
    text.insert(0, current);
    mergeText(text, base, next);
    expect(text.toString()).toBe(expected);
  });
});

describe("changedFields", () => {
  it("keeps only what differs from the last write", () => {
    expect(changedFields({ title: "B", slug: "a", sections: [1] }, { title: "A", slug: "a", sections: [1] })).toEqual({ title: "B" });
    expect(changedFields({ title: "B" }, null)).toEqual({ title: "B" });
  });
});
