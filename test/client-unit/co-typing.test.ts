import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { bindText } from "../../src/client/collab/bind-fields";
import { bindListText, findListLeaf } from "../../src/client/collab/bind-list";
import { createPageUndo } from "../../src/client/collab/page-undo";
import { richSync } from "../../src/client/collab/rich-runs";
import { HeadlessEditor } from "./headless-editor";

/*
 * Two editors typing at one spot at once, each through the binding the client uses, over two Yjs
 * documents whose updates travel in an order the test chooses: every word each typed arrives whole.
 */

const REMOTE = Symbol("remote");

/* Two synced documents and the updates each has made that the other has not received yet. */
function pair(seed: (doc: Y.Doc) => void) {
  const docs = [new Y.Doc(), new Y.Doc()] as const;
  seed(docs[0]);
  Y.applyUpdate(docs[1], Y.encodeStateAsUpdate(docs[0]), REMOTE);
  const outbox: Uint8Array[][] = [[], []];
  docs.forEach((doc, i) => doc.on("update", (update: Uint8Array, origin: unknown) => void (origin !== REMOTE && outbox[i]!.push(update))));
  const deliver = (from: 0 | 1, count = Infinity) => {
    const sent = outbox[from]!.splice(0, count);
    for (const update of sent) Y.applyUpdate(docs[from === 0 ? 1 : 0], update, REMOTE);
  };
  return { docs, deliver, settle: () => (deliver(0), deliver(1), deliver(0)) };
}

/* A plain field without a DOM: its value and caret, typed into one key at a time. */
function plainField(bindTo: (field: ReturnType<typeof fakeField>) => { local(value: unknown): void }) {
  const field = fakeField();
  const binding = bindTo(field);
  return {
    field,
    key(letter: string) {
      const at = field.caret() ?? field.value().length;
      const value = field.value().slice(0, at) + letter + field.value().slice(at);
      field.setValue(value, at + 1);
      binding.local(value);
    },
  };
}

function fakeField() {
  let value = "";
  let caret: number | null = null;
  return {
    value: () => value,
    setValue(text: string, at?: number) {
      value = text;
      if (at !== undefined) caret = at;
    },
    caret: () => caret,
  };
}

/* One schedule: who presses their next key, and who sends what they have so far. */
const step = fc.oneof(
  fc.record({ type: fc.constant("key" as const), who: fc.constantFrom(0 as const, 1 as const) }),
  fc.record({ type: fc.constant("send" as const), who: fc.constantFrom(0 as const, 1 as const), count: fc.integer({ min: 1, max: 3 }) }),
);
// Few letters, so a key often repeats the letter next to the caret (the case a text diff places wrong).
const word = fc.stringMatching(/^[ab ]{2,7}$/);
const schedule = fc.record({ words: fc.tuple(word, word), steps: fc.array(step, { minLength: 4, maxLength: 40 }) });

type Editor = { key(letter: string): void };
type Step = { type: "key" | "send"; who: 0 | 1; count?: number };

/* Runs a schedule, then types the rest of both words and delivers everything. */
function play(editors: readonly [Editor, Editor], words: readonly [string, string], steps: readonly Step[], deliver: (from: 0 | 1, count?: number) => void, settle: () => void) {
  const typed = [0, 0];
  const keyOf = (who: 0 | 1) => {
    const next = words[who][typed[who]!];
    if (next === undefined) return;
    typed[who]! += 1;
    editors[who].key(next);
  };
  for (const one of steps) {
    if (one.type === "key") keyOf(one.who);
    else deliver(one.who, one.count);
  }
  // The rest of the words, alternating, sending after each key as a fast connection does.
  while (typed[0]! < words[0].length || typed[1]! < words[1].length) {
    for (const who of [0, 1] as const) (keyOf(who), deliver(who));
  }
  settle();
}

const PARAGRAPH = "Say  now";
const SPOT = 4;

describe("two editors typing at one spot keep each one's letters together", () => {
  it("in rich text (a paragraph bound through y-prosemirror)", () => {
    fc.assert(
      fc.property(schedule, ({ words, steps }) => {
        const { docs, deliver, settle } = pair((doc) => {
          const paragraph = new Y.XmlElement("paragraph");
          paragraph.insert(0, [new Y.XmlText(PARAGRAPH)]);
          doc.getXmlFragment("body").insert(0, [paragraph]);
        });
        const editors = docs.map((doc) => new HeadlessEditor(richSync(doc.getXmlFragment("body")))) as [HeadlessEditor, HeadlessEditor];
        // Inside the paragraph: its text starts at position 1.
        for (const editor of editors) editor.place(1 + SPOT);
        play(editors, words, steps, deliver, settle);
        const [a, b] = editors.map((editor) => editor.text());
        expect(a).toBe(b);
        expect([PARAGRAPH.slice(0, SPOT) + words[0] + words[1] + PARAGRAPH.slice(SPOT), PARAGRAPH.slice(0, SPOT) + words[1] + words[0] + PARAGRAPH.slice(SPOT)]).toContain(a);
        editors.forEach((editor) => editor.destroy());
      }),
      { numRuns: 100 },
    );
  }, 120_000);

  it("in a plain field and in a list item's text", () => {
    for (const kind of ["plain", "item"] as const) {
      fc.assert(
        fc.property(schedule, ({ words, steps }) => {
          const { docs, deliver, settle } = pair((doc) => {
            if (kind === "plain") return void doc.getText("title").insert(0, PARAGRAPH);
            const section = new Y.Map<unknown>();
            const item = new Y.Map<unknown>();
            item.set("title", new Y.Text(PARAGRAPH));
            const items = new Y.Array<unknown>();
            items.insert(0, [item]);
            section.set("items", items);
            doc.getArray("sections").insert(0, [section]);
          });
          const editors = docs.map((doc) =>
            plainField((field) => {
              const undo = createPageUndo(doc).target;
              return kind === "plain" ? bindText(field, doc.getText("title"), undo) : bindListText(field, findListLeaf(doc, "sections", [0, "items", 0, "title"])!, undo);
            }),
          ) as [ReturnType<typeof plainField>, ReturnType<typeof plainField>];
          for (const editor of editors) editor.field.setValue(editor.field.value(), SPOT);
          play(editors, words, steps, deliver, settle);
          const [a, b] = editors.map((editor) => editor.field.value());
          expect(a).toBe(b);
          expect([PARAGRAPH.slice(0, SPOT) + words[0] + words[1] + PARAGRAPH.slice(SPOT), PARAGRAPH.slice(0, SPOT) + words[1] + words[0] + PARAGRAPH.slice(SPOT)]).toContain(a);
        }),
        { numRuns: 100 },
      );
    }
  }, 120_000);
});
