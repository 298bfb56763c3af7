import { describe, expect, it } from "vitest";
import { editedNote } from "../../src/client/edited-note";

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
