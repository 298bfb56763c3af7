import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { duplicateEntry, insertEntry, moveEntry, newEntry, removeEntry, type EntryTemplate } from "../../src/client/sections/list-ops";
import { sectionViolations } from "../../src/cores/sections";
import { orderedItems } from "../../src/shared/entry-order";
import { sectionCatalog } from "../../src/site/collections";
import { connect, editor, flushedSections, listOf, newPage, until, type YClient } from "./room-client";

/*
 * Issue 22: random interleavings of structure edits (insert, move, duplicate, remove of sections
 * and of a section's items) and typing from two or three clients, each on its own copy of the
 * document and releasing its traffic at will, converge in the room to one document, and the draft
 * the room flushes holds exactly that document and passes the catalog's draft check (publish
 * reports only empty required fields, each at a real path).
 */

const ORIGIN = Symbol("structure-test");
const TEMPLATES: Record<string, EntryTemplate> = {
  hero: { type: "hero", texts: ["heading", "text"], lists: [] },
  features: { type: "features", texts: ["heading"], lists: ["items"] },
};
const ITEM: EntryTemplate = { type: null, texts: ["title", "text"], lists: [] };

interface Client {
  local: Y.Doc;
  client: YClient;
  alphabet: string;
  typed: number;
}

/** What the clients did to which entries: the letters typed into each, and the ids removed. */
interface Ledger {
  typed: Map<string, string[]>;
  touched: Set<string>;
}

type Pick = number; // a fraction in [0, 1) choosing an index among what the client sees
type Exchange = { client: number; action: "send" | "receive" };
type Edit =
  | { client: number; action: "type"; at: Pick; where: Pick; nested: boolean }
  | { client: number; action: "insert"; at: Pick; kind: "hero" | "features" | "item"; where: Pick }
  | { client: number; action: "move" | "duplicate" | "remove"; at: Pick; to: Pick; where: Pick; nested: boolean };
type Step = Exchange | Edit;
const isExchange = (s: Step): s is Exchange => s.action === "send" || s.action === "receive";

const fraction = fc.double({ min: 0, max: 0.999, noNaN: true });
const step = (clients: number): fc.Arbitrary<Step> => {
  const client = fc.nat(clients - 1);
  return fc.oneof(
    fc.record({ client, action: fc.constantFrom("send" as const, "receive" as const) }),
    fc.record({ client, action: fc.constant("type" as const), at: fraction, where: fraction, nested: fc.boolean() }),
    fc.record({ client, action: fc.constant("insert" as const), at: fraction, kind: fc.constantFrom("hero" as const, "features" as const, "item" as const), where: fraction }),
    fc.record({ client, action: fc.constantFrom("move" as const, "duplicate" as const, "remove" as const), at: fraction, to: fraction, where: fraction, nested: fc.boolean() }),
  );
};

const sectionsOf = (doc: Y.Doc) => doc.getArray<unknown>("sections");
const pick = <T>(length: number, f: Pick) => Math.floor(f * length) as T & number;

/** The list a step acts on: the page's sections, or the items of the features section `where` picks. */
function listFor(doc: Y.Doc, nested: boolean, where: Pick): Y.Array<unknown> | null {
  const sections = sectionsOf(doc);
  if (!nested) return sections;
  const withItems = (orderedItems(sections) as unknown[]).filter((s): s is Y.Map<unknown> => s instanceof Y.Map && s.get("items") instanceof Y.Array);
  return withItems.length === 0 ? null : (withItems[pick(withItems.length, where)]?.get("items") as Y.Array<unknown>);
}

const idOf = (entry: unknown) => (entry instanceof Y.Map ? String(entry.get("id")) : "");

/** The section holding `list` (itself for the page's sections), for naming where a letter went. */
function owner(list: Y.Array<unknown>): string {
  return list.parent instanceof Y.Map ? `${idOf(list.parent)}/` : "";
}

function apply(c: Client, s: Edit, ledger: Ledger): void {
  if (s.action === "insert") {
    const list = listFor(c.local, s.kind === "item", s.where);
    if (list) insertEntry(list, pick(list.length + 1, s.at), newEntry(s.kind === "item" ? ITEM : (TEMPLATES[s.kind] as EntryTemplate)), ORIGIN);
    return;
  }
  const list = listFor(c.local, s.nested, s.where);
  if (!list || list.length === 0) return;
  const index = pick<number>(list.length, s.at);
  if (s.action === "remove") ledger.touched.add(idOf(orderedItems(list)[index]));
  if (s.action === "move") moveEntry(list, index, pick(list.length, s.to), ORIGIN);
  else if (s.action === "duplicate") duplicateEntry(list, index, ORIGIN);
  else if (s.action === "remove") removeEntry(list, index, ORIGIN);
  else {
    const entry = orderedItems(list)[index];
    const text = entry instanceof Y.Map ? entry.get(s.nested ? "title" : "heading") : null;
    if (!(text instanceof Y.Text)) return;
    const char = c.alphabet[c.typed++ % c.alphabet.length] as string;
    c.local.transact(() => text.insert(pick(text.length + 1, s.where), char), ORIGIN);
    const key = `${owner(list)}${idOf(entry)}`;
    ledger.typed.set(key, [...(ledger.typed.get(key) ?? []), char]);
  }
}

/** JSON with object keys sorted, so two readings of one document compare equal whatever their key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
}

/** The value a violation's path (`sections.1.items.0.title`) names in `sections`. */
function at(sections: unknown, path: string): unknown {
  return path
    .split(".")
    .slice(1)
    .reduce<unknown>((node, key) => (node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined), sections);
}

/**
 * Every letter typed into an entry nobody removed (nor its section) is in that entry's text:
 * structure edits never take typing with them, a move of the entry itself included.
 */
function expectTypingKept(sections: Y.Array<unknown>, ledger: Ledger): void {
  const find = (list: Y.Array<unknown>, id: string) => list.toArray().find((entry) => idOf(entry) === id);
  for (const [key, letters] of ledger.typed) {
    const [sectionId, itemId] = key.includes("/") ? key.split("/") : [key, null];
    if (ledger.touched.has(sectionId as string) || (itemId !== null && ledger.touched.has(itemId as string))) continue;
    const section = find(sections, sectionId as string) as Y.Map<unknown> | undefined;
    const entry = itemId === null ? section : (find(section?.get("items") as Y.Array<unknown>, itemId as string) as Y.Map<unknown> | undefined);
    const text = String(entry?.get(itemId === null ? "heading" : "title") ?? "");
    for (const letter of new Set(letters)) {
      expect(text.split(letter).length - 1, `${letter} typed into ${key}`).toBeGreaterThanOrEqual(letters.filter((l) => l === letter).length);
    }
  }
}

async function run(count: number, steps: Step[]): Promise<void> {
  const id = await newPage({
    sections: [
      { type: "hero", heading: "Welcome", text: "Intro" },
      { type: "features", heading: "Why", items: [{ title: "Fast", text: "Quick" }, { title: "Safe", text: "Sound" }] },
    ],
  });
  const clients: Client[] = [];
  const ledger: Ledger = { typed: new Map(), touched: new Set() };
  let seeded: unknown[] = [];
  for (let i = 0; i < count; i++) {
    const client = await connect(id, editor(`shaper${i}`));
    const local = new Y.Doc();
    Y.applyUpdate(local, Y.encodeStateAsUpdate(client.doc));
    seeded = listOf(client.doc);
    clients.push({ local, client, alphabet: ["ABCDEFGHIJ", "klmnopqrst", "0123456789"][i] as string, typed: 0 });
  }
  const send = (c: Client) => Y.applyUpdate(c.client.doc, Y.encodeStateAsUpdate(c.local, Y.encodeStateVector(c.client.doc)));
  const receive = (c: Client) => Y.applyUpdate(c.local, Y.encodeStateAsUpdate(c.client.doc, Y.encodeStateVector(c.local)));
  for (const s of steps) {
    const c = clients[s.client] as Client;
    if (isExchange(s)) (s.action === "send" ? send : receive)(c);
    else apply(c, s, ledger);
  }
  clients.forEach(send);
  const first = clients[0] as Client;
  await until(() => clients.every((c) => canonical(listOf(c.client.doc)) === canonical(listOf(first.client.doc))));
  clients.forEach(receive);
  const final = canonical(listOf(first.local));
  for (const c of clients) expect(canonical(listOf(c.local))).toBe(final);
  expectTypingKept(sectionsOf(first.local), ledger);
  const room = await connect(id, editor("check"));
  await until(() => canonical(listOf(room.doc)) === final);
  room.close();
  await until(() => clients.every((c) => c.client.acknowledged()));
  const draft = await flushedSections(id, seeded);
  expect(canonical(draft)).toBe(final);
  expect(sectionViolations(sectionCatalog, draft, { operation: "draft" })).toEqual([]);
  for (const violation of sectionViolations(sectionCatalog, draft, { operation: "publish" })) {
    expect(violation.code).toBe("required");
    expect(["", undefined, null]).toContain(at(draft, violation.path));
  }
  for (const c of clients) c.client.close();
}

/** Edits that leave the page as it was: the room turns dirty, yet has no draft to write. */
const CANCELLING_OUT: [number, Step[]] = [
  2,
  [
    { client: 0, action: "insert", at: 0, kind: "hero", where: 0 },
    { client: 1, action: "receive" },
    { client: 0, action: "remove", at: 0, to: 0, where: 0, nested: false },
  ],
];

describe("random interleavings of structure edits and typing from two or three clients (issue 22)", () => {
  it("converge in the room, and the flushed draft is that document and passes the draft check", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 3 }).chain((count) => fc.tuple(fc.constant(count), fc.array(step(count), { minLength: 10, maxLength: 60 }))),
        async ([count, steps]) => run(count, steps),
      ),
      { numRuns: 40, endOnFailure: true, examples: [[CANCELLING_OUT]] },
    );
  }, 120_000);
});
