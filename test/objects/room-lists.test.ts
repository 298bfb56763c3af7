import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { mergeFields, readFields, roomFields, upgradeDocument } from "../../src/objects/room-document";
import { JSON_ROOT } from "../../src/shared/room-protocol";
import { pagesCollection } from "../../src/site/collections";
import { withoutIds } from "../helpers/entry-ids";

const FIELDS = roomFields(pagesCollection);
const SECTIONS = [
  { type: "hero", heading: "Edit your site where it lives", text: "Several editors." },
  { type: "features", heading: "What you get", items: [{ title: "Inline", text: "Click." }, { title: "Drafts" }] },
];

type Section = Record<string, unknown> & { id: string; items?: (Record<string, unknown> & { id: string })[] };

function seeded(sections: unknown[] = SECTIONS): { doc: Y.Doc; read: () => Section[] } {
  const doc = new Y.Doc();
  mergeFields(doc, FIELDS, { title: "T", sections }, null);
  return { doc, read: () => readFields(doc, FIELDS).sections as Section[] };
}

const heading = (doc: Y.Doc, index: number) => (doc.getArray("sections").get(index) as Y.Map<unknown>).get("heading") as Y.Text;

describe("a list field in the room document", () => {
  it("is a root array of entries with ids and text as Y.Text, read back as the same JSON plus ids", () => {
    const { doc, read } = seeded();
    const array = doc.getArray("sections");
    expect(array.length).toBe(2);
    const hero = array.get(0) as Y.Map<unknown>;
    expect(hero.get("heading")).toBeInstanceOf(Y.Text);
    expect(hero.get("type")).toBe("hero");
    expect((hero.get("text") as Y.Text).toString()).toBe("Several editors.");
    const items = (array.get(1) as Y.Map<unknown>).get("items") as Y.Array<Y.Map<unknown>>;
    expect(items.get(0).get("title")).toBeInstanceOf(Y.Text);
    const sections = read();
    expect(withoutIds(sections)).toEqual(SECTIONS);
    expect(Object.keys(sections[0]!)).toEqual(["type", "id", "heading", "text"]);
    expect(sections.every((s) => /^[a-z0-9]{12}$/.test(s.id))).toBe(true);
    expect(sections[1]!.items!.every((item) => typeof item.id === "string")).toBe(true);
    expect(doc.getMap(JSON_ROOT).has("sections")).toBe(false);
  });

  it("keeps ids that are given, and atomic values (images, numbers) as plain values", () => {
    const image = { src: "/media/a.png", alt: "A" };
    const { doc, read } = seeded([{ type: "hero", id: "hero-1", heading: "H", image }]);
    expect(read()).toEqual([{ type: "hero", id: "hero-1", heading: "H", image }]);
    expect((doc.getArray("sections").get(0) as Y.Map<unknown>).get("image")).toEqual(image);
  });

  it("merges a writer's change to a heading word by word with live typing in the same heading", () => {
    const { doc, read } = seeded();
    const base = read();
    heading(doc, 0).insert(4, " live");
    const next = structuredClone(base);
    next[0]!.heading = "Edit your site where it sleeps";
    const merge = mergeFields(doc, FIELDS, { sections: next }, null, { sections: base });
    expect(merge).toEqual({ changed: ["sections"], conflicts: [] });
    expect(read()[0]!.heading).toBe("Edit live your site where it sleeps");
  });

  it("applies a writer's added, removed and moved entries and keeps live edits and live additions", () => {
    const { doc, read } = seeded([
      { type: "hero", heading: "one" },
      { type: "hero", heading: "two" },
      { type: "hero", heading: "three" },
    ]);
    const base = read();
    heading(doc, 0).insert(3, "!");
    doc.getArray("sections").insert(3, [liveEntry("live")]);
    const [one, two, three] = base as [Section, Section, Section];
    const next = [three, { ...one }, { type: "hero", heading: "new" }];
    const merge = mergeFields(doc, FIELDS, { sections: next }, null, { sections: base });
    expect(merge.conflicts).toEqual([]);
    const after = read();
    const headings = after.map((s) => s.heading);
    // The writer's order of its entries, the live edit and the live addition are all there.
    expect(headings.filter((h) => h !== "live")).toEqual(["three", "one!", "new"]);
    expect(headings).toContain("live");
    expect(after.find((s) => s.heading === "three")!.id).toBe(three.id);
    expect(after.find((s) => s.heading === "one!")!.id).toBe(one.id);
    expect(after.some((s) => s.id === two.id)).toBe(false);
  });

  it("moves an entry for a writer by its position key, so an editor's typing in it that raced the move stays in it", () => {
    const { doc, read } = seeded([
      { type: "hero", heading: "one" },
      { type: "hero", heading: "two" },
      { type: "hero", heading: "three" },
    ]);
    const base = read();
    const peer = new Y.Doc();
    Y.applyUpdate(peer, Y.encodeStateAsUpdate(doc));
    const before = doc.getArray("sections").toArray();
    const [one, two, three] = base as [Section, Section, Section];
    mergeFields(doc, FIELDS, { sections: [two, three, one] }, null, { sections: base });
    // The peer types into "one" before it sees the move.
    heading(peer, 0).insert(3, " typed");
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(peer, Y.encodeStateVector(doc)));
    Y.applyUpdate(peer, Y.encodeStateAsUpdate(doc, Y.encodeStateVector(peer)));
    expect(read().map((s) => s.heading)).toEqual(["two", "three", "one typed"]);
    expect(readFields(peer, FIELDS).sections).toEqual(read());
    expect(doc.getArray("sections").toArray()).toEqual(before);
  });

  it("keeps an entry a writer removed when live editors changed it meanwhile (a conflict)", () => {
    const { doc, read } = seeded([{ type: "hero", heading: "one" }, { type: "hero", heading: "two" }]);
    const base = read();
    heading(doc, 1).insert(3, " live");
    const merge = mergeFields(doc, FIELDS, { sections: [base[0]] }, null, { sections: base });
    expect(merge.conflicts).toEqual(["sections"]);
    expect(read().map((s) => s.heading)).toEqual(["one", "two live"]);
  });

  it("matches entries without ids (content older than ids) by kind and position", () => {
    const { doc, read } = seeded();
    heading(doc, 1).insert(0, "Live: ");
    const next = structuredClone(SECTIONS);
    next[0]!.heading = "Edit your page where it lives";
    const merge = mergeFields(doc, FIELDS, { sections: next }, null, { sections: SECTIONS });
    expect(merge.conflicts).toEqual([]);
    expect(read().map((s) => s.heading)).toEqual(["Edit your page where it lives", "Live: What you get"]);
  });

  it("merges inside nested items and leaves unchanged fields alone", () => {
    const { doc, read } = seeded();
    const base = read();
    const items = (doc.getArray("sections").get(1) as Y.Map<unknown>).get("items") as Y.Array<Y.Map<unknown>>;
    (items.get(0).get("title") as Y.Text).insert(0, "Fast ");
    const next = structuredClone(base);
    next[1]!.items![0]!.title = "Inline editing";
    next[1]!.items!.push({ title: "Third" } as unknown as Section);
    mergeFields(doc, FIELDS, { sections: next }, null, { sections: base });
    expect(read()[1]!.items!.map((item) => item.title)).toEqual(["Fast Inline editing", "Drafts", "Third"]);
  });

  it("without a base makes the list equal to the value", () => {
    const { doc, read } = seeded();
    const ids = read().map((s) => s.id);
    mergeFields(doc, FIELDS, { sections: [{ type: "hero", id: ids[1], heading: "moved" }] }, null);
    expect(read()).toEqual([{ type: "hero", id: ids[1], heading: "moved" }]);
  });

  it("converts a document stored with the old plain json value", () => {
    const doc = new Y.Doc();
    doc.getMap(JSON_ROOT).set("sections", SECTIONS);
    expect(upgradeDocument(doc, FIELDS, null)).toBe(true);
    expect(doc.getMap(JSON_ROOT).has("sections")).toBe(false);
    expect(withoutIds(readFields(doc, FIELDS).sections)).toEqual(SECTIONS);
    expect(upgradeDocument(doc, FIELDS, null)).toBe(false);
  });
});

function liveEntry(text: string): Y.Map<unknown> {
  const map = new Y.Map<unknown>();
  map.set("type", "hero");
  map.set("id", `live${text}`);
  map.set("heading", new Y.Text(text));
  return map;
}

describe("a list with entries a peer left without an id, or with one id twice", () => {
  it("still merges a writer's change into them by position", () => {
    const doc = new Y.Doc();
    const bare = new Y.Map<unknown>();
    bare.set("type", "hero");
    bare.set("heading", new Y.Text("no id"));
    const twin = () => {
      const map = new Y.Map<unknown>();
      map.set("type", "hero");
      map.set("id", "twin");
      map.set("heading", new Y.Text("twin"));
      return map;
    };
    doc.getArray("sections").insert(0, [bare, twin(), twin()]);
    const base = readFields(doc, FIELDS).sections as Record<string, unknown>[];
    const next = base.map((entry, i) => ({ ...entry, heading: `${String(entry.heading)} ${i}` }));
    const merge = mergeFields(doc, FIELDS, { sections: next }, null, { sections: base });
    expect(merge.conflicts).toEqual([]);
    expect((readFields(doc, FIELDS).sections as Record<string, unknown>[]).map((s) => s.heading)).toEqual(["no id 0", "twin 1", "twin 2"]);
  });
});
