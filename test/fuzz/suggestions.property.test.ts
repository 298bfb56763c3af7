import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { fragmentToRichDoc } from "../../src/cores/rich-text";
import { readFields, roomFields } from "../../src/objects/room-document";
import { settleSuggestions } from "../../src/objects/room-suggestions";
import { ENTRY_SUGGESTION, SUGGEST_DELETE, SUGGEST_INSERT, SUGGESTIONS_ROOT } from "../../src/shared/review-suggestions";
import { draftRichDoc, draftText, openSuggestionOf } from "../../src/shared/suggestion-draft";
import { pagesCollection } from "../../src/site/collections";

/*
 * Random interleavings over three Y.Docs (two authors and the room), synced in random orders, of
 * plain typing, suggested insertions and deletions by both authors in a plain text (the title),
 * a rich text (the body's paragraph) and a list (sections added), and the room's accepts and
 * rejects, with more typing while it settles. Every character typed is unique, so each one is
 * followed: after all is synced, every accepted suggestion's change is there once, every rejected
 * one nowhere, the draft reading is the text with only accepted suggestions applied, every plain
 * character stays, and each author's proposed words keep their own suggestion id.
 */

const RUNS = 60;
const FIELDS = roomFields(pagesCollection);
const AUTHORS = ["ed-a", "ed-b"] as const;
/* Clients 0 and 1 are the authors, 2 the room. */
const ROOM = 2;

type Place = "title" | "body";
type Op =
  | { op: "type"; who: number; place: Place; at: number }
  | { op: "insert"; who: 0 | 1; place: Place; at: number; length: number }
  | { op: "delete"; who: 0 | 1; place: Place; at: number; length: number }
  | { op: "add"; who: 0 | 1 }
  | { op: "sync"; from: number; to: number }
  | { op: "settle"; pick: number; accept: boolean };

const place = fc.constantFrom<Place>("title", "body");
const OP: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant("type" as const), who: fc.integer({ min: 0, max: 2 }), place, at: fc.nat(40) }),
  fc.record({ op: fc.constant("insert" as const), who: fc.constantFrom<0 | 1>(0, 1), place, at: fc.nat(40), length: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ op: fc.constant("delete" as const), who: fc.constantFrom<0 | 1>(0, 1), place, at: fc.nat(40), length: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ op: fc.constant("add" as const), who: fc.constantFrom<0 | 1>(0, 1) }),
  fc.record({ op: fc.constant("sync" as const), from: fc.integer({ min: 0, max: 2 }), to: fc.integer({ min: 0, max: 2 }) }),
  fc.record({ op: fc.constant("settle" as const), pick: fc.nat(20), accept: fc.boolean() }),
);

class Run {
  readonly docs = [new Y.Doc(), new Y.Doc(), new Y.Doc()];
  #next = 0x4e00;
  #ids = 0;
  /** Each suggestion's kind and what it proposed: the characters it inserted, or the entry it added. */
  readonly proposed = new Map<string, { kind: "insert" | "delete" | "add"; place: Place | "sections"; chars: Set<string>; entry?: string }>();
  readonly settled = new Map<string, boolean>();

  constructor() {
    const seed = this.docs[ROOM] as Y.Doc;
    seed.getText("title").insert(0, this.#chars(3));
    const paragraph = new Y.XmlElement("paragraph");
    paragraph.insert(0, [new Y.XmlText(this.#chars(3))]);
    seed.getXmlFragment("body").insert(0, [paragraph]);
    const entry = new Y.Map<unknown>();
    entry.set("type", "hero");
    entry.set("id", "base");
    seed.getArray("sections").insert(0, [entry]);
    for (const doc of this.docs) if (doc !== seed) Y.applyUpdate(doc, Y.encodeStateAsUpdate(seed));
  }

  text(who: number, at: Place): Y.Text {
    const doc = this.docs[who] as Y.Doc;
    return at === "title" ? doc.getText("title") : ((doc.getXmlFragment("body").get(0) as Y.XmlElement).get(0) as Y.XmlText);
  }

  apply(op: Op): void {
    if (op.op === "sync") return sync(this.docs[op.from] as Y.Doc, this.docs[op.to] as Y.Doc);
    if (op.op === "settle") return this.#settle(op.pick, op.accept);
    const doc = this.docs[op.who] as Y.Doc;
    if (op.op === "type") {
      const text = this.text(op.who, op.place);
      // Typing passes its attributes (none): Yjs would otherwise extend the suggestion on its left.
      return text.insert(Math.min(op.at, text.length), this.#chars(1), {});
    }
    const id = `s${++this.#ids}`;
    const meta = new Y.Map<unknown>();
    const kind = op.op;
    doc.transact(() => {
      if (op.op === "add") {
        const entry = new Y.Map<unknown>();
        entry.set("type", "hero");
        entry.set("id", `e-${id}`);
        entry.set(ENTRY_SUGGESTION, id);
        doc.getArray("sections").push([entry]);
        this.proposed.set(id, { kind, place: "sections", chars: new Set(), entry: `e-${id}` });
      } else {
        const text = this.text(op.who, op.place);
        const names = op.place === "title" ? { ins: SUGGEST_INSERT, del: SUGGEST_DELETE, value: id as unknown } : { ins: "insertion", del: "deletion", value: { id } as unknown };
        if (op.op === "insert") {
          const chars = this.#chars(op.length);
          text.insert(Math.min(op.at, text.length), chars, { [names.ins]: names.value });
          this.proposed.set(id, { kind, place: op.place, chars: new Set(chars) });
        } else {
          // Strikes a run of characters no suggestion marks yet, as the editor does.
          const runs = plainRuns(text);
          const run = runs[op.at % Math.max(1, runs.length)];
          if (!run) return;
          const length = Math.min(op.length, run.length);
          text.format(run.index, length, { [names.del]: names.value });
          this.proposed.set(id, { kind, place: op.place, chars: new Set(run.text.slice(0, length)) });
        }
      }
      for (const [key, value] of Object.entries({ kind, field: op.op === "add" ? `sections.e-${id}` : op.place, author: AUTHORS[op.who], authorName: "A", at: "2026-11-28T16:00:00Z" })) meta.set(key, value);
      doc.getMap(SUGGESTIONS_ROOT).set(id, meta);
    });
    if (!this.proposed.has(id)) doc.getMap(SUGGESTIONS_ROOT).delete(id);
  }

  #settle(pick: number, accept: boolean): void {
    const room = this.docs[ROOM] as Y.Doc;
    const open = [...room.getMap(SUGGESTIONS_ROOT).keys()].sort();
    const id = open[pick % Math.max(1, open.length)];
    if (id === undefined) return;
    settleSuggestions(room, FIELDS, [id], accept ? "accept" : "reject", "room");
    this.settled.set(id, accept);
  }

  #chars(n: number): string {
    let out = "";
    for (let i = 0; i < n; i++) out += String.fromCharCode(this.#next++);
    return out;
  }
}

function sync(from: Y.Doc, to: Y.Doc): void {
  if (from !== to) Y.applyUpdate(to, Y.encodeStateAsUpdate(from, Y.encodeStateVector(to)));
}

function syncAll(docs: Y.Doc[]): void {
  for (let round = 0; round < 2; round++) for (const a of docs) for (const b of docs) sync(a, b);
}

/* The runs of a text no suggestion marks, with their index. */
function plainRuns(text: Y.Text): { index: number; text: string; length: number }[] {
  const out: { index: number; text: string; length: number }[] = [];
  let index = 0;
  for (const op of text.toDelta() as { insert: string; attributes?: Record<string, unknown> }[]) {
    if (Object.keys(op.attributes ?? {}).length === 0) out.push({ index, text: op.insert, length: op.insert.length });
    index += op.insert.length;
  }
  return out;
}

/* Each character of a text with the suggestion ids on it. */
function marked(text: Y.Text, place: Place): { char: string; ins: string | null; del: string | null }[] {
  const id = (value: unknown) => (value === undefined || value === null ? null : place === "title" ? (value as string) : (value as { id: string }).id);
  return (text.toDelta() as { insert: string; attributes?: Record<string, unknown> }[]).flatMap((op) =>
    [...op.insert].map((char) => ({ char, ins: id(op.attributes?.[place === "title" ? SUGGEST_INSERT : "insertion"]), del: id(op.attributes?.[place === "title" ? SUGGEST_DELETE : "deletion"]) })),
  );
}

function draftOf(doc: Y.Doc, at: Place): string {
  return at === "title" ? draftText(doc.getText("title")) : draftRichDoc(fragmentToRichDoc(doc.getXmlFragment("body")), openSuggestionOf(doc)).textContent;
}

describe("suggestions over random interleavings of typing, suggesting, accepting and rejecting", () => {
  it("applies each accepted suggestion once and no rejected one, changes nothing else, and keeps each author's suggestions", () => {
    fc.assert(
      fc.property(fc.array(OP, { maxLength: 30 }), fc.array(OP, { maxLength: 30 }), (suggesting, settling) => {
        const run = new Run();
        for (const op of suggesting) if (op.op !== "settle") run.apply(op);
        syncAll(run.docs);
        const room = run.docs[ROOM] as Y.Doc;
        // Every suggestion is open with its author's id on each of its characters.
        expect(room.getMap(SUGGESTIONS_ROOT).size).toBe(run.proposed.size);
        const before = { title: marked(run.text(ROOM, "title"), "title"), body: marked(run.text(ROOM, "body"), "body") };
        for (const [id, proposal] of run.proposed) {
          if (proposal.kind !== "insert" || proposal.place === "sections") continue;
          const mine = before[proposal.place].filter((c) => proposal.chars.has(c.char));
          expect(mine.map((c) => c.ins)).toEqual(mine.map(() => id));
        }
        const typedLater = new Set<string>();
        for (const op of settling) {
          if (op.op === "insert" || op.op === "delete" || op.op === "add") continue;
          run.apply(op);
          if (op.op === "type") for (const c of [...run.text(op.who, "title").toString(), ...run.text(op.who, "body").toString()]) if (!before.title.some((b) => b.char === c) && !before.body.some((b) => b.char === c)) typedLater.add(c);
        }
        // The room settles the rest, then everything is synced.
        const rest = [...room.getMap(SUGGESTIONS_ROOT).keys()];
        rest.forEach((id, i) => {
          settleSuggestions(room, FIELDS, [id], i % 2 === 0 ? "accept" : "reject", "room");
          run.settled.set(id, i % 2 === 0);
        });
        syncAll(run.docs);
        expect(room.getMap(SUGGESTIONS_ROOT).size).toBe(0);
        const accepted = (id: string | null) => id !== null && run.settled.get(id) === true;
        for (const at of ["title", "body"] as const) {
          const kept = before[at].filter((c) => (c.ins === null || accepted(c.ins)) && (c.del === null || !accepted(c.del))).map((c) => c.char);
          for (const doc of run.docs) {
            const now = marked(at === "title" ? doc.getText("title") : ((doc.getXmlFragment("body").get(0) as Y.XmlElement).get(0) as Y.XmlText), at);
            // Marks left by typing while the room settled name settled suggestions only: inert, read as the text stands.
            // No character twice, and apart from what was typed while settling, exactly the accepted result.
            const chars = now.map((c) => c.char);
            expect(new Set(chars).size).toBe(chars.length);
            expect(chars.filter((c) => !typedLater.has(c))).toEqual(kept);
            expect(draftOf(doc, at)).toBe(chars.join(""));
          }
        }
        const ids = (readFields(room, FIELDS.filter((f) => f.name === "sections")).sections as { id: string }[]).map((e) => e.id);
        const added = [...run.proposed.values()].filter((p) => p.kind === "add" && accepted([...run.proposed].find(([, q]) => q === p)?.[0] ?? null)).map((p) => p.entry);
        expect(ids.sort()).toEqual(["base", ...added].sort());
        for (const doc of run.docs) expect(doc.getArray("sections").length).toBe(ids.length);
      }),
      { numRuns: RUNS },
    );
  });

  it("reads the draft of an unsettled page as the text with no suggestion applied", () => {
    fc.assert(
      fc.property(fc.array(OP, { maxLength: 30 }), (ops) => {
        const run = new Run();
        for (const op of ops) if (op.op !== "settle") run.apply(op);
        syncAll(run.docs);
        const room = run.docs[ROOM] as Y.Doc;
        for (const at of ["title", "body"] as const) {
          const expected = marked(run.text(ROOM, at), at)
            .filter((c) => c.ins === null)
            .map((c) => c.char)
            .join("");
          expect(draftOf(room, at)).toBe(expected);
        }
        const sections = readFields(room, FIELDS.filter((f) => f.name === "sections")).sections as { id: string }[];
        expect(sections.map((e) => e.id)).toEqual(["base"]);
      }),
      { numRuns: RUNS },
    );
  });
});
