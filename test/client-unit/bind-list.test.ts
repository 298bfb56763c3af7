import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { bindListText, bindListValue, findListLeaf } from "../../src/client/collab/bind-list";
import { createPageUndo } from "../../src/client/collab/page-undo";

/** A plain field without a DOM: its value and caret. */
function fakeField(initial = "") {
  let value = initial;
  let caret: number | null = null;
  return {
    value: () => value,
    setValue(text: string, at?: number) {
      value = text;
      if (at !== undefined) caret = at;
    },
    caret: () => caret,
    place(at: number) {
      caret = at;
    },
  };
}

function sectionsDoc(): Y.Doc {
  const doc = new Y.Doc();
  const hero = new Y.Map<unknown>();
  hero.set("id", "h1");
  hero.set("type", "hero");
  hero.set("heading", new Y.Text("Hello world"));
  hero.set("image", { src: "/media/a.png", alt: "A" });
  const items = new Y.Array<Y.Map<unknown>>();
  const item = new Y.Map<unknown>();
  item.set("id", "i1");
  items.insert(0, [item]);
  const features = new Y.Map<unknown>();
  features.set("id", "f1");
  features.set("type", "features");
  features.set("items", items);
  doc.getArray("sections").insert(0, [hero, features]);
  return doc;
}

/** Two documents kept in sync both ways, as two editors through the room. */
function pair(): [Y.Doc, Y.Doc] {
  const a = sectionsDoc();
  const b = new Y.Doc();
  Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
  a.on("update", (update: Uint8Array, origin: unknown) => origin !== "remote" && Y.applyUpdate(b, update, "remote"));
  b.on("update", (update: Uint8Array, origin: unknown) => origin !== "remote" && Y.applyUpdate(a, update, "remote"));
  return [a, b];
}

describe("findListLeaf", () => {
  it("finds an entry's text, an atomic value, and a leaf inside a nested list", () => {
    const doc = sectionsDoc();
    expect(findListLeaf(doc, "sections", [0, "heading"])?.text?.toString()).toBe("Hello world");
    expect(findListLeaf(doc, "sections", [0, "image"])).toMatchObject({ key: "image", text: null });
    expect(findListLeaf(doc, "sections", [1, "items", 0, "title"])).toMatchObject({ key: "title", text: null });
  });

  it("is null where the document has no such list or entry", () => {
    const doc = sectionsDoc();
    expect(findListLeaf(doc, "sections", [5, "heading"])).toBeNull();
    expect(findListLeaf(doc, "sections", [1, "items", 3, "title"])).toBeNull();
    expect(findListLeaf(doc, "other", [0, "heading"])).toBeNull();
    doc.getText("title");
    expect(findListLeaf(doc, "title", [0, "heading"])).toBeNull();
  });
});

describe("bindListText", () => {
  it("types into the entry's Y.Text by splices and keeps the caret where it was when another editor types before it", () => {
    const [a, b] = pair();
    const field = fakeField();
    const binding = bindListText(field, findListLeaf(a, "sections", [0, "heading"])!, createPageUndo(a).target);
    expect(field.value()).toBe("Hello world");
    binding.local("Hello big world");
    expect(findListLeaf(b, "sections", [0, "heading"])!.text!.toString()).toBe("Hello big world");
    field.place(15);
    findListLeaf(b, "sections", [0, "heading"])!.text!.insert(0, "Oh ");
    expect(field.value()).toBe("Oh Hello big world");
    expect(field.caret()).toBe(18);
    expect(binding.undo.undo()).toBe(true);
    expect(field.value()).toBe("Oh Hello world");
    binding.destroy();
  });

  it("creates the text on the first keystroke in an entry that has none, and another editor binds to it", () => {
    const [a, b] = pair();
    const mine = fakeField();
    const theirs = fakeField();
    const binding = bindListText(mine, findListLeaf(a, "sections", [1, "items", 0, "title"])!, createPageUndo(a).target);
    const other = bindListText(theirs, findListLeaf(b, "sections", [1, "items", 0, "title"])!, createPageUndo(b).target);
    binding.local("Fast");
    expect(theirs.value()).toBe("Fast");
    other.local("Fast pages");
    expect(mine.value()).toBe("Fast pages");
    binding.destroy();
    other.destroy();
  });
});

describe("bindListValue", () => {
  it("replaces an image whole and shows another editor's change", () => {
    const [a, b] = pair();
    let shown: unknown = null;
    const field = { value: () => shown, setValue: (value: never) => void (shown = value) };
    const binding = bindListValue(field, findListLeaf(a, "sections", [0, "image"])!, createPageUndo(a).target);
    expect(shown).toEqual({ src: "/media/a.png", alt: "A" });
    binding.local({ src: "/media/b.png", alt: "B" });
    expect((b.getArray("sections").get(0) as Y.Map<unknown>).get("image")).toEqual({ src: "/media/b.png", alt: "B" });
    (b.getArray("sections").get(0) as Y.Map<unknown>).set("image", "/media/c.png");
    expect(shown).toBe("/media/c.png");
    // An undo of one's own change never overwrites the value another editor set since.
    binding.undo.undo();
    expect(shown).toBe("/media/c.png");
    binding.destroy();
  });
});
