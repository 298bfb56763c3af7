import { describe, expect, it } from "vitest";
import { createOwnWrites, editedNote } from "../../src/client/edited-note";

const items = [
  { element: "h1", marker: { root: "title" } },
  { element: "h2.0", marker: { root: "sections" } },
  { element: "h2.1", marker: { root: "sections" } },
  { element: "body", marker: { root: "body" } },
];

describe("editedNote", () => {
  it("names the changed fields the editor is looking at, once each", () => {
    const seen = new Set(["h1", "h2.0", "h2.1"]);
    expect(editedNote(items, ["title", "sections", "body"], "Pat 🙂", (e) => seen.has(e))).toBe("Pat 🙂 changed title, sections from outside this page");
  });

  it("says nothing when the changed fields are out of sight or unknown", () => {
    expect(editedNote(items, ["body"], "Pat", (e) => e === "h1")).toBeNull();
    expect(editedNote(items, ["slug"], "Pat", () => true)).toBeNull();
    expect(editedNote(items, [], "Pat", () => true)).toBeNull();
  });

  it("a write without a name is someone's", () => {
    expect(editedNote(items, ["title"], "", () => true)).toBe("Someone changed title from outside this page");
  });
});

describe("createOwnWrites", () => {
  it("recognises the page's own write once, before or after its answer, within the grace time", () => {
    let clock = 0;
    const own = createOwnWrites(() => clock);
    const over = own.started(["title", "body"]);
    expect(own.isOwn(["body"])).toBe(true);
    expect(own.isOwn(["body"]), "each write counts once").toBe(false);
    over(true);
    const second = own.started(["title"]);
    second(true);
    expect(own.isOwn(["title", "sections"]), "a field the write did not name").toBe(false);
    clock += 10_001;
    expect(own.isOwn(["title"]), "past the grace time").toBe(false);
  });

  it("forgets a write that failed, and never takes an event without fields", () => {
    const own = createOwnWrites(() => 0);
    own.started(["title"])(false);
    expect(own.isOwn(["title"])).toBe(false);
    own.started(["title"]);
    expect(own.isOwn([])).toBe(false);
    expect(own.isOwn(["title"])).toBe(true);
  });
});
