import { wrapInList } from "prosemirror-schema-list";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { cycleHeading, setHeading } from "../../src/client/rich/block-commands";
import { suggestionMeta } from "../../src/client/suggest/model";
import { createReview } from "../../src/client/suggest/review";
import { BLOCKS_NOT_SUGGESTED } from "../../src/client/suggest/rich-suggest";
import { RETYPE_TAKEN } from "../../src/client/suggest/rich-retype";
import { BLOCK_RETYPE, SUGGESTIONS_ROOT } from "../../src/shared/review-suggestions";
import { richSchema } from "../../src/shared/rich-schema";
import { draftRichDoc, openSuggestionOf, retypedFromOf } from "../../src/shared/suggestion-draft";
import type { HeadlessEditor } from "./headless-editor";
import { suggestingEditor } from "./suggesting-editor";

const LEVELS = [2, 3];
const block = (doc: Y.Doc, index = 0) => doc.getXmlFragment("body").get(index) as Y.XmlElement;
const press = (editor: HeadlessEditor, command = cycleHeading(LEVELS)) => command(editor.state, (tr) => editor.dispatch(tr));
/* The draft of the editor's document, as the room reads it. */
const draftOf = (editor: HeadlessEditor, doc: Y.Doc) => draftRichDoc(editor.state.doc, openSuggestionOf(doc), retypedFromOf(doc));

/* Two documents kept in sync, as two editors in one room. */
function twoDocs(): [Y.Doc, Y.Doc] {
  const a = new Y.Doc();
  const b = new Y.Doc();
  a.on("update", (update: Uint8Array, origin: unknown) => origin !== "remote" && Y.applyUpdate(b, update, "remote"));
  b.on("update", (update: Uint8Array, origin: unknown) => origin !== "remote" && Y.applyUpdate(a, update, "remote"));
  return [a, b];
}

describe("Suggest mode in a rich field: a block's type", () => {
  it("records the Heading button in Suggesting mode as a retype suggestion the draft reads as the paragraph it was", () => {
    const doc = new Y.Doc();
    const review = createReview({ id: 7, name: "Eve" }, "editing");
    const editor = suggestingEditor(doc, review);
    for (const letter of "Opening hours") editor.key(letter);
    review.setMode("suggesting");
    press(editor);

    expect(block(doc).nodeName).toBe("heading");
    expect(block(doc).getAttribute("level")).toBe(2);
    const id = block(doc).getAttribute(BLOCK_RETYPE);
    expect(suggestionMeta(doc, id)).toMatchObject({ kind: "retype", field: "body", author: 7, authorName: "Eve", from: { type: "paragraph", attrs: {} } });
    expect(doc.getMap(SUGGESTIONS_ROOT).size).toBe(1);
    const draft = draftOf(editor, doc);
    expect(draft.childCount).toBe(1);
    expect(draft.child(0).type.name).toBe("paragraph");
    expect(draft.child(0).attrs[BLOCK_RETYPE]).toBeNull();
    expect(draft.textContent).toBe("Opening hours");
    editor.destroy();
  });

  it("pressed again, the same suggestion changes the level; back at the type the draft has, the suggestion is taken back", () => {
    const doc = new Y.Doc();
    const review = createReview({ id: 7, name: "Eve" }, "editing");
    const editor = suggestingEditor(doc, review);
    for (const letter of "Hours") editor.key(letter);
    review.setMode("suggesting");
    press(editor);
    const id = block(doc).getAttribute(BLOCK_RETYPE);
    press(editor);
    expect(block(doc).getAttribute("level")).toBe(3);
    expect(block(doc).getAttribute(BLOCK_RETYPE)).toBe(id);
    expect(doc.getMap(SUGGESTIONS_ROOT).size).toBe(1);
    expect(draftOf(editor, doc).child(0).type.name).toBe("paragraph");
    press(editor);
    expect(block(doc).nodeName).toBe("paragraph");
    expect(block(doc).getAttribute(BLOCK_RETYPE)).toBeUndefined();
    editor.destroy();
  });

  it("records a heading made a paragraph or given another level with the heading it was", () => {
    const doc = new Y.Doc();
    const review = createReview({ id: 7, name: "Eve" }, "editing");
    const editor = suggestingEditor(doc, review);
    for (const letter of "Hours") editor.key(letter);
    press(editor, setHeading(2));
    review.setMode("suggesting");
    press(editor, setHeading(0));
    expect(block(doc).nodeName).toBe("paragraph");
    const id = block(doc).getAttribute(BLOCK_RETYPE);
    expect(suggestionMeta(doc, id)).toMatchObject({ kind: "retype", from: { type: "heading", attrs: { level: 2 } } });
    const draft = draftOf(editor, doc);
    expect([draft.child(0).type.name, draft.child(0).attrs.level]).toEqual(["heading", 2]);
    editor.destroy();
  });

  it("refuses retyping a block another editor suggested a type for, saying why", () => {
    const [a, b] = twoDocs();
    const eveReview = createReview({ id: 7, name: "Eve" }, "editing");
    const eve = suggestingEditor(a, eveReview);
    for (const letter of "Hours") eve.key(letter);
    eveReview.setMode("suggesting");
    press(eve);
    const samReview = createReview({ id: 9, name: "Sam" }, "suggesting");
    const told: string[] = [];
    samReview.onTell((text) => told.push(text));
    const sam = suggestingEditor(b, samReview);
    expect(sam.state.doc.child(0).type.name).toBe("heading");
    sam.place(2);
    press(sam, setHeading(0));
    expect(told).toEqual([RETYPE_TAKEN]);
    expect(block(a).nodeName).toBe("heading");
    expect(a.getMap(SUGGESTIONS_ROOT).size).toBe(1);
    eve.destroy();
    sam.destroy();
  });

  it("still refuses a list in Suggesting mode, saying why", () => {
    const doc = new Y.Doc();
    const review = createReview({ id: 7, name: "Eve" }, "editing");
    const told: string[] = [];
    review.onTell((text) => told.push(text));
    const editor = suggestingEditor(doc, review);
    for (const letter of "Hours") editor.key(letter);
    review.setMode("suggesting");
    press(editor, wrapInList(richSchema.nodes.bullet_list!));
    expect(told).toEqual([BLOCKS_NOT_SUGGESTED]);
    expect(block(doc).nodeName).toBe("paragraph");
    expect(doc.getMap(SUGGESTIONS_ROOT).size).toBe(0);
    editor.destroy();
  });
});
