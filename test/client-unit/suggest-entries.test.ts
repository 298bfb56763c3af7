import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { orderedItems } from "../../src/shared/entry-order";
import { STRUCTURE_ORIGIN } from "../../src/client/collab/origins";
import { insertEntry, newEntry } from "../../src/client/sections/list-ops";
import { suggestionMeta } from "../../src/client/suggest/model";
import { suggestAdd, suggestMove, suggestRemove } from "../../src/client/suggest/entry-suggest";

const EVE = { who: { id: 7, name: "Eve" }, now: () => "2026-11-28T16:00:00.000Z" };
const SAM = { who: { id: 9, name: "Sam" }, now: () => "2026-11-28T16:00:00.000Z" };
const TEMPLATE = { type: "hero", texts: ["heading"], lists: [] };

/* A page with three sections a, b, c in that order. */
function page() {
  const doc = new Y.Doc();
  const list = doc.getArray<unknown>("sections");
  for (const id of ["a", "b", "c"]) {
    const entry = newEntry(TEMPLATE);
    insertEntry(list, list.length, entry, null);
    entry.set("id", id);
  }
  return { doc, list, ids: () => orderedItems(list).map((item) => (item as Y.Map<unknown>).get("id")) };
}

describe("suggesting sections", () => {
  it("an added section carries its suggestion, recorded as an add of that section", () => {
    const { doc, list } = page();
    const entry = newEntry(TEMPLATE);
    doc.transact(() => {
      insertEntry(list, 1, entry, STRUCTURE_ORIGIN);
      suggestAdd(entry, EVE);
    }, STRUCTURE_ORIGIN);
    const id = entry.get("cms:suggest");
    expect(suggestionMeta(doc, id)).toEqual({ kind: "add", field: `sections.${String(entry.get("id"))}`, author: 7, authorName: "Eve", at: EVE.now() });
  });

  it("a removal keeps the section, marked; the author's own proposed section is simply taken out", () => {
    const { doc, list, ids } = page();
    expect(suggestRemove(list, 1, EVE, STRUCTURE_ORIGIN)).toBe(true);
    expect(ids()).toEqual(["a", "b", "c"]);
    const b = orderedItems(list)[1] as Y.Map<unknown>;
    expect(suggestionMeta(doc, b.get("cms:suggest"))).toMatchObject({ kind: "remove", field: "sections.b", author: 7 });

    const entry = newEntry(TEMPLATE);
    doc.transact(() => (insertEntry(list, 3, entry, STRUCTURE_ORIGIN), suggestAdd(entry, SAM)), STRUCTURE_ORIGIN);
    suggestRemove(list, 3, EVE, STRUCTURE_ORIGIN);
    expect(list.length).toBe(4);
    suggestRemove(list, 3, SAM, STRUCTURE_ORIGIN);
    expect(list.length).toBe(3);
  });

  it("a move keeps the section where it is and proposes its new position key", () => {
    const { doc, list, ids } = page();
    expect(suggestMove(list, 2, 0, EVE, STRUCTURE_ORIGIN)).toBe(true);
    expect(ids()).toEqual(["a", "b", "c"]);
    const [a, , c] = orderedItems(list) as Y.Map<string>[];
    expect(suggestionMeta(doc, c!.get("cms:suggest"))?.kind).toBe("move");
    expect(c!.get("cms:pos")! < a!.get("_pos")!).toBe(true);
    // One open suggestion per section at a time.
    expect(suggestMove(list, 2, 1, SAM, STRUCTURE_ORIGIN)).toBe(false);
  });
});
