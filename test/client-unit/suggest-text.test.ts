import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { bindText, LOCAL_ORIGIN } from "../../src/client/collab/bind-fields";
import { bindListText, findListLeaf } from "../../src/client/collab/bind-list";
import { createPageUndo } from "../../src/client/collab/page-undo";
import { fieldOf, SUGGESTIONS_ROOT, suggestionMeta } from "../../src/client/suggest/model";
import { createReview } from "../../src/client/suggest/review";
import type { ShownRun } from "../../src/client/suggest/shown-runs";
import { draftText, suggestSplice } from "../../src/client/suggest/text-suggest";

const EVE = { id: 7, name: "Eve" };
const SAM = { id: 9, name: "Sam" };
const AT = "2026-11-28T16:00:00.000Z";

/* Predictable ids: s1, s2, … */
function ids(prefix = "s") {
  let n = 0;
  return () => `${prefix}${++n}`;
}

const delta = (text: Y.Text) => text.toDelta() as { insert: string; attributes?: Record<string, string> }[];

/** A plain field without a DOM: its value, caret and the runs it was last shown as. */
function fakeField(initial = "") {
  let value = initial;
  let caret: number | null = null;
  let runs: readonly ShownRun[] | null = null;
  return {
    value: () => value,
    setValue(text: string, at?: number) {
      value = text;
      runs = null;
      if (at !== undefined) caret = at;
    },
    setRuns(shown: readonly ShownRun[], at?: number) {
      value = shown.map((run) => run.text).join("");
      runs = shown;
      if (at !== undefined) caret = at;
    },
    caret: () => caret,
    place(at: number) {
      caret = at;
    },
    runs: () => runs,
  };
}

describe("suggestSplice", () => {
  it("marks typed text as an insertion and records who suggested it", () => {
    const doc = new Y.Doc();
    const title = doc.getText("title");
    title.insert(0, "Hello world");
    const caret = suggestSplice(title, { index: 6, remove: 0, insert: "big " }, { who: EVE, newId: ids(), now: () => AT }, LOCAL_ORIGIN);
    expect(caret).toBe(10);
    expect(delta(title)).toEqual([{ insert: "Hello " }, { insert: "big ", attributes: { "cms:ins": "s1" } }, { insert: "world" }]);
    expect(suggestionMeta(doc, "s1")).toEqual({ kind: "insert", field: "title", author: 7, authorName: "Eve", at: AT });
    expect(draftText(title)).toBe("Hello world");
  });

  it("marks removed text for deletion and keeps it; the draft still reads it", () => {
    const doc = new Y.Doc();
    const title = doc.getText("title");
    title.insert(0, "Hello big world");
    const caret = suggestSplice(title, { index: 6, remove: 4, insert: "" }, { who: EVE, newId: ids(), now: () => AT }, LOCAL_ORIGIN);
    expect(caret).toBe(6);
    expect(title.toString()).toBe("Hello big world");
    expect(delta(title)).toEqual([{ insert: "Hello " }, { insert: "big ", attributes: { "cms:del": "s1" } }, { insert: "world" }]);
    expect(suggestionMeta(doc, "s1")?.kind).toBe("delete");
    expect(draftText(title)).toBe("Hello big world");
  });

  it("replacing words strikes them and inserts the new ones after", () => {
    const doc = new Y.Doc();
    const title = doc.getText("title");
    title.insert(0, "Price: 10 EUR");
    suggestSplice(title, { index: 7, remove: 2, insert: "12" }, { who: EVE, newId: ids(), now: () => AT }, LOCAL_ORIGIN);
    expect(delta(title)).toEqual([{ insert: "Price: " }, { insert: "10", attributes: { "cms:del": "s1" } }, { insert: "12", attributes: { "cms:ins": "s2" } }, { insert: " EUR" }]);
  });

  it("a keystroke continues the editor's own insertion; deleting it takes it out for good", () => {
    const doc = new Y.Doc();
    const title = doc.getText("title");
    title.insert(0, "ab");
    const context = { who: EVE, newId: ids(), now: () => AT };
    suggestSplice(title, { index: 1, remove: 0, insert: "x" }, context, LOCAL_ORIGIN);
    suggestSplice(title, { index: 2, remove: 0, insert: "y" }, context, LOCAL_ORIGIN);
    expect(delta(title)).toEqual([{ insert: "a" }, { insert: "xy", attributes: { "cms:ins": "s1" } }, { insert: "b" }]);
    suggestSplice(title, { index: 2, remove: 1, insert: "" }, context, LOCAL_ORIGIN);
    expect(delta(title)).toEqual([{ insert: "a" }, { insert: "x", attributes: { "cms:ins": "s1" } }, { insert: "b" }]);
    expect([...doc.getMap(SUGGESTIONS_ROOT).keys()]).toEqual(["s1"]);
  });

  it("another editor's insertion is not removed but proposed for deletion", () => {
    const doc = new Y.Doc();
    const title = doc.getText("title");
    title.insert(0, "ab");
    suggestSplice(title, { index: 1, remove: 0, insert: "x" }, { who: SAM, newId: ids("m"), now: () => AT }, LOCAL_ORIGIN);
    suggestSplice(title, { index: 1, remove: 1, insert: "" }, { who: EVE, newId: ids("e"), now: () => AT }, LOCAL_ORIGIN);
    expect(title.toString()).toBe("axb");
    expect(delta(title)[1]).toEqual({ insert: "x", attributes: { "cms:ins": "m1", "cms:del": "e1" } });
  });

  it("two editors suggesting in one paragraph at once keep both suggestions", () => {
    const a = new Y.Doc();
    const b = new Y.Doc();
    a.getText("body").insert(0, "The launch is on Monday at noon.");
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    suggestSplice(a.getText("body"), { index: 17, remove: 6, insert: "Tuesday" }, { who: EVE, newId: ids("e"), now: () => AT }, LOCAL_ORIGIN);
    suggestSplice(b.getText("body"), { index: 27, remove: 0, insert: "sharp " }, { who: SAM, newId: ids("m"), now: () => AT }, LOCAL_ORIGIN);
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b));
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    for (const doc of [a, b]) {
      expect(delta(doc.getText("body"))).toEqual([
        { insert: "The launch is on " },
        { insert: "Monday", attributes: { "cms:del": "e1" } },
        { insert: "Tuesday", attributes: { "cms:ins": "e2" } },
        { insert: " at " },
        { insert: "sharp ", attributes: { "cms:ins": "m1" } },
        { insert: "noon." },
      ]);
      expect(suggestionMeta(doc, "e2")?.author).toBe(7);
      expect(suggestionMeta(doc, "m1")?.author).toBe(9);
      expect(draftText(doc.getText("body"))).toBe("The launch is on Monday at noon.");
    }
  });
});

describe("fieldOf", () => {
  it("names a root by its name and a text inside a list entry by entry ids", () => {
    const doc = new Y.Doc();
    const hero = new Y.Map<unknown>();
    const items = new Y.Array<Y.Map<unknown>>();
    const item = new Y.Map<unknown>();
    doc.getArray("sections").insert(0, [hero]);
    hero.set("id", "h1");
    hero.set("heading", new Y.Text("Hi"));
    hero.set("items", items);
    items.insert(0, [item]);
    item.set("id", "i1");
    item.set("title", new Y.Text("One"));
    expect(fieldOf(doc.getText("title"))).toBe("title");
    expect(fieldOf(hero.get("heading") as Y.Text)).toBe("sections.h1.heading");
    expect(fieldOf(item.get("title") as Y.Text)).toBe("sections.h1.items.i1.title");
  });
});

describe("a bound plain field in Suggesting mode", () => {
  it("records typing and deleting as suggestions and shows them marked", () => {
    const doc = new Y.Doc();
    const title = doc.getText("title");
    title.insert(0, "Hello world");
    const review = createReview(EVE, "suggesting");
    const field = fakeField();
    const binding = bindText(field, title, createPageUndo(doc).target, review);
    field.place(11);
    binding.local("Hello world!");
    expect(delta(title)).toEqual([{ insert: "Hello world" }, { insert: "!", attributes: { "cms:ins": expect.any(String) } }]);
    expect(field.runs()?.map((run) => [run.text, run.mark?.kind ?? null, run.mark?.label ?? null])).toEqual([
      ["Hello world", null, null],
      ["!", "ins", "Eve suggests adding"],
    ]);
    // Backspace over "world" as the browser leaves it: the field shows it again, struck.
    field.place(6);
    binding.local("Hello !");
    expect(title.toString()).toBe("Hello world!");
    expect(field.value()).toBe("Hello world!");
    expect(field.caret()).toBe(6);
    expect(field.runs()?.[1]).toMatchObject({ text: "world", mark: { kind: "del" } });
    const meta = [...doc.getMap(SUGGESTIONS_ROOT).keys()].map((id) => suggestionMeta(doc, id));
    expect(meta.map((m) => [m?.kind, m?.field, m?.author])).toEqual([["insert", "title", 7], ["delete", "title", 7]]);
  });

  it("an undo takes the suggested text back but never the suggestion's metadata, which only the room removes", () => {
    const doc = new Y.Doc();
    const title = doc.getText("title");
    title.insert(0, "Hello");
    const undo = createPageUndo(doc);
    const field = fakeField();
    const binding = bindText(field, title, undo.target, createReview(EVE, "suggesting"));
    field.place(5);
    binding.local("Hello!");
    expect(undo.target.undo()).toBe(true);
    expect(title.toString()).toBe("Hello");
    expect(doc.getMap(SUGGESTIONS_ROOT).size).toBe(1);
  });

  it("in Editing mode typing inside a suggestion is plain text", () => {
    const doc = new Y.Doc();
    const title = doc.getText("title");
    title.insert(0, "ab");
    suggestSplice(title, { index: 1, remove: 0, insert: "xy" }, { who: SAM, newId: ids(), now: () => AT }, LOCAL_ORIGIN);
    const field = fakeField();
    const binding = bindText(field, title, createPageUndo(doc).target, createReview(EVE, "editing"));
    field.place(2);
    binding.local("axzyb");
    expect(delta(title)).toEqual([{ insert: "a" }, { insert: "x", attributes: { "cms:ins": "s1" } }, { insert: "z" }, { insert: "y", attributes: { "cms:ins": "s1" } }, { insert: "b" }]);
  });

  it("a section's text that does not exist yet starts as a suggestion", () => {
    const doc = new Y.Doc();
    const hero = new Y.Map<unknown>();
    doc.getArray("sections").insert(0, [hero]);
    hero.set("id", "h1");
    const leaf = findListLeaf(doc, "sections", [0, "heading"]);
    expect(leaf).not.toBeNull();
    const field = fakeField();
    const binding = bindListText(field, leaf!, createPageUndo(doc).target, createReview(EVE, "suggesting"));
    field.place(1);
    binding.local("H");
    const heading = hero.get("heading") as Y.Text;
    expect(delta(heading)).toEqual([{ insert: "H", attributes: { "cms:ins": expect.any(String) } }]);
    const [id] = [...doc.getMap(SUGGESTIONS_ROOT).keys()];
    expect(suggestionMeta(doc, id)?.field).toBe("sections.h1.heading");
  });
});
