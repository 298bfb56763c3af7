import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import type { PageRoom } from "../../src/objects/PageRoom";
import { RoomStore } from "../../src/objects/room-store";
import { insertEntry, moveEntry, newEntry, removeEntry, type EntryTemplate } from "../../src/client/sections/list-ops";
import { orderedItems, POSITION_KEY } from "../../src/shared/entry-order";
import { ROOM_CLOSE } from "../../src/shared/room-protocol";
import { connect, editor, flushedSections, listOf, newestDraft, newPage, until, type YClient } from "./room-client";

/*
 * Issue 31, finding 8: a move only changes the moved entry's position key, so text typed into an
 * entry while another editor moves it (both edits made before either editor saw the other) is
 * kept in the moved entry: in the room (and what it stored), in both editors' documents and in
 * the D1 draft.
 */

const ORIGIN = Symbol("moves-test");
const HERO: EntryTemplate = { type: "hero", texts: ["heading", "text"], lists: [] };
const ITEM: EntryTemplate = { type: null, texts: ["title", "text"], lists: [] };
const PAGE = {
  sections: [
    { type: "hero", heading: "One", text: "a" },
    { type: "features", heading: "Two", items: [{ title: "First" }, { title: "Second" }, { title: "Third" }] },
    { type: "hero", heading: "Three", text: "c" },
  ],
};

const sections = (doc: Y.Doc) => doc.getArray<unknown>("sections");
const entries = (list: Y.Array<unknown>) => orderedItems(list) as Y.Map<unknown>[];
const textOf = (entry: Y.Map<unknown> | undefined, key: string) => entry?.get(key) as Y.Text;
const itemsOf = (doc: Y.Doc) => entries(sections(doc))[1]?.get("items") as Y.Array<unknown>;
const headings = (doc: Y.Doc) => listOf(doc).map((s) => s.heading);
const titles = (doc: Y.Doc) => (listOf(doc).find((s) => s.type === "features")?.items as { title: string }[]).map((item) => item.title);
const draftSections = async (id: number) => ((await newestDraft(id))?.sections ?? []) as { heading: string; items?: { title: string }[] }[];

/** Two editors on a fresh page with three sections (the second with three items). */
async function twoEditors(): Promise<{ id: number; a: YClient; b: YClient }> {
  const id = await newPage(PAGE);
  return { id, a: await connect(id, editor("ann")), b: await connect(id, editor("bob")) };
}

describe("typing into an entry while another editor moves it (issue 31, finding 8)", () => {
  for (const first of ["move", "type"] as const) {
    it(`keeps the typed text in the moved section (the ${first} sent first), in the room and its storage, both editors and the draft`, async () => {
      const { id, a, b } = await twoEditors();
      const expected = ["Two", "Three", "One typed"];
      const move = () => moveEntry(sections(a.doc), 0, 2, ORIGIN);
      const type = () => textOf(entries(sections(b.doc))[0], "heading").insert(3, " typed");
      // In one turn: neither editor receives the other's edit before making its own.
      if (first === "move") (move(), type());
      else (type(), move());
      expect(headings(b.doc)).toEqual(["One typed", "Two", "Three"]);
      await until(() => a.acknowledged() && b.acknowledged());
      await until(() => JSON.stringify(headings(a.doc)) === JSON.stringify(expected) && JSON.stringify(headings(b.doc)) === JSON.stringify(expected));
      expect(listOf(a.doc)).toEqual(listOf(b.doc));
      await until(async () => JSON.stringify((await draftSections(id)).map((s) => s.heading)) === JSON.stringify(expected));
      // What the room stored, as a restarted room would load it.
      const stub = env.PAGE_ROOM.get(env.PAGE_ROOM.idFromName(`pages:${id}`)) as DurableObjectStub<PageRoom>;
      const stored = await runInDurableObject(stub, (_room: PageRoom, state) => {
        const doc = new Y.Doc();
        new RoomStore(state.storage).loadInto(doc, null);
        return headings(doc);
      });
      expect(stored).toEqual(expected);
      a.close();
      b.close();
    });
  }

  it("keeps typing in an item moved within its section, and in a section's item while the section moves", async () => {
    const { id, a, b } = await twoEditors();
    moveEntry(itemsOf(a.doc), 0, 2, ORIGIN);
    moveEntry(sections(a.doc), 1, 0, ORIGIN);
    textOf(entries(itemsOf(b.doc))[0], "title").insert(5, "!");
    textOf(entries(itemsOf(b.doc))[2], "title").insert(0, "The ");
    await until(() => a.acknowledged() && b.acknowledged());
    const expected = ["Second", "The Third", "First!"];
    await until(() => headings(a.doc)[0] === "Two" && JSON.stringify(titles(a.doc)) === JSON.stringify(expected));
    await until(() => JSON.stringify(listOf(b.doc)) === JSON.stringify(listOf(a.doc)));
    expect(headings(b.doc)).toEqual(["Two", "One", "Three"]);
    await until(async () => JSON.stringify((await draftSections(id))[0]?.items?.map((item) => item.title)) === JSON.stringify(expected));
    a.close();
    b.close();
  });

  it("still takes a move made the older way (a delete and an inserted copy with the same id) from a client that knows no keys", async () => {
    const { id, a, b } = await twoEditors();
    moveEntry(sections(a.doc), 2, 0, ORIGIN);
    await until(() => headings(b.doc)[0] === "Three");
    // A stock client moves "Two" by copying it to the front of the array and deleting the original.
    const list = sections(b.doc);
    const index = list.toArray().findIndex((item) => textOf(item as Y.Map<unknown>, "heading").toString() === "Two");
    const copy = (list.get(index) as Y.Map<unknown>).clone() as Y.Map<unknown>;
    b.doc.transact(() => {
      list.delete(index, 1);
      list.insert(0, [copy]);
    });
    await until(() => b.acknowledged());
    await until(() => headings(a.doc).length === 3 && JSON.stringify(headings(a.doc)) === JSON.stringify(headings(b.doc)));
    expect(b.closed).toBeNull();
    expect(new Set(listOf(a.doc).map((s) => s.id)).size).toBe(3);
    await until(async () => JSON.stringify((await draftSections(id)).map((s) => s.heading)) === JSON.stringify(headings(a.doc)));
    a.close();
    b.close();
  });
});

describe("an entry's position key from a stock Yjs client", () => {
  it.each([
    ["a number", 3],
    ["text ending in 0", "V0"],
    ["empty text", ""],
    ["a character outside letters and digits", "V-"],
    ["longer than 64 characters", "V".repeat(65)],
    ["a Y.Text", new Y.Text("V")],
  ])("closes the sender (4422) of %s as _pos, and keeps the list as it was", async (_what, value) => {
    const id = await newPage(PAGE);
    const bad = await connect(id, editor("bad"));
    (entries(sections(bad.doc))[0] as Y.Map<unknown>).set(POSITION_KEY, value);
    await until(() => bad.closed !== null);
    expect(bad.closed?.code).toBe(ROOM_CLOSE.REFUSED);
    expect(bad.closed?.reason).toContain("_pos is a position key");
    const check = await connect(id, editor("check"));
    expect(headings(check.doc)).toEqual(["One", "Two", "Three"]);
    expect((sections(check.doc).get(0) as Y.Map<unknown>).has(POSITION_KEY)).toBe(false);
    check.close();
  });

  it("takes keys a stock client sets by hand, and the draft follows them", async () => {
    const id = await newPage(PAGE);
    const peer = await connect(id, editor("peer"));
    const [one, two, three] = entries(sections(peer.doc)) as [Y.Map<unknown>, Y.Map<unknown>, Y.Map<unknown>];
    peer.doc.transact(() => {
      one.set(POSITION_KEY, "k");
      two.set(POSITION_KEY, "V");
      three.set(POSITION_KEY, "F");
    });
    await until(() => peer.acknowledged());
    expect(peer.closed).toBeNull();
    await until(async () => JSON.stringify((await draftSections(id)).map((s) => s.heading)) === JSON.stringify(["Three", "Two", "One"]));
    peer.close();
  });
});

/* The property: random interleavings of moves, typing, adds and removes by two editors. */

interface Editor {
  local: Y.Doc;
  client: YClient;
  alphabet: string;
  typed: number;
}

/** Letters typed into each entry (`<section id>` or `<section id>/<item id>`), and the entries removed. */
interface Ledger {
  typed: Map<string, string[]>;
  removed: Set<string>;
}

type Fraction = number;
type Exchange = { editor: number; action: "send" | "receive" };
type Step =
  | Exchange
  | { editor: number; action: "type"; at: Fraction; where: Fraction; nested: boolean }
  | { editor: number; action: "add"; at: Fraction; where: Fraction; nested: boolean }
  | { editor: number; action: "move" | "remove"; at: Fraction; to: Fraction; where: Fraction; nested: boolean };

const fraction = fc.double({ min: 0, max: 0.999, noNaN: true });
const editorIndex = fc.nat(1);
// Typing and moves weigh most: a letter typed into an entry another editor is moving is the case at stake.
const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ editor: editorIndex, action: fc.constantFrom("send" as const, "receive" as const) }) },
  { weight: 4, arbitrary: fc.record({ editor: editorIndex, action: fc.constant("type" as const), at: fraction, where: fraction, nested: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ editor: editorIndex, action: fc.constant("add" as const), at: fraction, where: fraction, nested: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ editor: editorIndex, action: fc.constant("move" as const), at: fraction, to: fraction, where: fraction, nested: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ editor: editorIndex, action: fc.constant("remove" as const), at: fraction, to: fraction, where: fraction, nested: fc.boolean() }) },
);

const isExchange = (s: Step): s is Exchange => s.action === "send" || s.action === "receive";
const pick = (length: number, f: Fraction) => Math.floor(f * length);
const idOf = (entry: unknown) => (entry instanceof Y.Map ? String(entry.get("id")) : "");

/** The list a step acts on: the page's sections, or the items of the section with items that `where` picks. */
function listFor(doc: Y.Doc, nested: boolean, where: Fraction): Y.Array<unknown> | null {
  if (!nested) return sections(doc);
  const withItems = entries(sections(doc)).filter((s) => s.get("items") instanceof Y.Array);
  return withItems.length === 0 ? null : ((withItems[pick(withItems.length, where)] as Y.Map<unknown>).get("items") as Y.Array<unknown>);
}

function apply(e: Editor, s: Exclude<Step, Exchange>, ledger: Ledger): void {
  const list = listFor(e.local, s.nested, s.where);
  if (!list) return;
  if (s.action === "add") return insertEntry(list, pick(list.length + 1, s.at), newEntry(s.nested ? ITEM : HERO), ORIGIN);
  if (list.length === 0) return;
  const index = pick(list.length, s.at);
  const entry = entries(list)[index] as Y.Map<unknown>;
  const owner = list.parent instanceof Y.Map ? `${idOf(list.parent)}/` : "";
  if (s.action === "move") moveEntry(list, index, pick(list.length, s.to), ORIGIN);
  else if (s.action === "remove") (ledger.removed.add(idOf(entry)), removeEntry(list, index, ORIGIN));
  else {
    const text = entry.get(s.nested ? "title" : "heading");
    if (!(text instanceof Y.Text)) return;
    const letter = e.alphabet[e.typed++ % e.alphabet.length] as string;
    e.local.transact(() => text.insert(pick(text.length + 1, s.where), letter), ORIGIN);
    const key = `${owner}${idOf(entry)}`;
    ledger.typed.set(key, [...(ledger.typed.get(key) ?? []), letter]);
  }
}

/** JSON with object keys sorted, so two readings of one list compare equal whatever their key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v,
  );
}

/** Every letter typed into an entry that was not removed (nor its section) is in that entry's text in `sections`. */
function expectTypingKept(list: readonly Record<string, unknown>[], ledger: Ledger): void {
  for (const [key, letters] of ledger.typed) {
    const [sectionId, itemId = null] = key.split("/") as [string, string?];
    if (ledger.removed.has(sectionId) || (itemId !== null && ledger.removed.has(itemId))) continue;
    const section = list.find((s) => s.id === sectionId);
    const entry = itemId === null ? section : (section?.items as Record<string, unknown>[] | undefined)?.find((item) => item.id === itemId);
    const text = String(entry?.[itemId === null ? "heading" : "title"] ?? "");
    for (const letter of new Set(letters)) {
      expect(text.split(letter).length - 1, `${letter} typed into ${key}`).toBeGreaterThanOrEqual(letters.filter((l) => l === letter).length);
    }
  }
}

async function run(steps: Step[]): Promise<void> {
  const id = await newPage(PAGE);
  const ledger: Ledger = { typed: new Map(), removed: new Set() };
  let seeded: Record<string, unknown>[] = [];
  const editors: Editor[] = [];
  for (const [i, alphabet] of ["ABCDEFGHIJ", "klmnopqrst"].entries()) {
    const client = await connect(id, editor(`mover${i}`));
    const local = new Y.Doc();
    Y.applyUpdate(local, Y.encodeStateAsUpdate(client.doc));
    seeded = listOf(client.doc);
    editors.push({ local, client, alphabet, typed: 0 });
  }
  // Each editor's own copy releases its edits to its connection, and takes the room's, at the steps' will.
  const send = (e: Editor) => Y.applyUpdate(e.client.doc, Y.encodeStateAsUpdate(e.local, Y.encodeStateVector(e.client.doc)));
  const receive = (e: Editor) => Y.applyUpdate(e.local, Y.encodeStateAsUpdate(e.client.doc, Y.encodeStateVector(e.local)));
  for (const s of steps) {
    const e = editors[s.editor] as Editor;
    if (isExchange(s)) (s.action === "send" ? send : receive)(e);
    else apply(e, s, ledger);
  }
  editors.forEach(send);
  // Every edit is acknowledged: durable in the room. The waits bound a hang, not the speed: on a
  // loaded two-core machine an acknowledgement took over 5 s.
  await until(() => editors.every((e) => e.client.acknowledged()), 20_000);
  const [first, second] = editors as [Editor, Editor];
  await until(() => JSON.stringify(listOf(first.client.doc)) === JSON.stringify(listOf(second.client.doc)), 20_000);
  editors.forEach(receive);
  const final = listOf(first.local);
  expect(listOf(second.local)).toEqual(final);
  expectTypingKept(final, ledger);
  for (const e of editors) e.client.close();
  expect(canonical(await flushedSections(id, seeded))).toBe(canonical(final));
  const room = await connect(id, editor("check"));
  expect(listOf(room.doc)).toEqual(final);
  room.close();
}

/** Edits that leave the page as it was: the room turns dirty, yet has no draft to write (a shrunk failure seen in CI). */
const CANCELLING_OUT: Step[] = [
  { editor: 1, action: "add", at: 0, where: 0, nested: true },
  { editor: 0, action: "move", at: 0, to: 0, where: 0, nested: false },
  { editor: 1, action: "remove", at: 0, to: 0, where: 0, nested: true },
];

describe("random interleavings of moves, typing, adds and removes by two editors (issue 31, finding 8)", () => {
  it("keep every acknowledged letter typed into an entry that was not removed, and converge", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 10, maxLength: 50 }), (steps) => run(steps)),
      { numRuns: 40, endOnFailure: true, examples: [[CANCELLING_OUT]] },
    );
  }, 180_000);
});
