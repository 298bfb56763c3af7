import { joinBackward, splitBlock } from "prosemirror-commands";
import { TextSelection } from "prosemirror-state";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { BLOCK_JOIN, BLOCK_SPLIT, SUGGESTIONS_ROOT } from "../../src/shared/review-suggestions";
import { draftRichDoc, openSuggestionOf } from "../../src/shared/suggestion-draft";
import { suggestionMeta } from "../../src/client/suggest/model";
import { createReview } from "../../src/client/suggest/review";
import { BLOCKS_NOT_SUGGESTED } from "../../src/client/suggest/rich-suggest";
import type { HeadlessEditor } from "./headless-editor";
import { suggestingEditor } from "./suggesting-editor";

/* The first paragraph's text in the room's document, with its attributes (y-prosemirror's marks). */
function paragraphDelta(doc: Y.Doc) {
  const paragraph = doc.getXmlFragment("body").get(0) as Y.XmlElement;
  const text = paragraph.get(0) as Y.XmlText;
  return text.toDelta() as { insert: string; attributes?: Record<string, { id: string }> }[];
}

describe("Suggest mode in a rich field", () => {
  it("records typing and deleting as marks with our string ids, and each suggestion's author", () => {
    const a = new Y.Doc();
    const b = new Y.Doc();
    a.on("update", (update: Uint8Array, origin: unknown) => origin !== "remote" && Y.applyUpdate(b, update, "remote"));
    b.on("update", (update: Uint8Array, origin: unknown) => origin !== "remote" && Y.applyUpdate(a, update, "remote"));
    const eveReview = createReview({ id: 7, name: "Eve" }, "editing");
    const eve = suggestingEditor(a, eveReview);
    for (const letter of "Hello world") eve.key(letter);
    const sam = suggestingEditor(b, createReview({ id: 9, name: "Sam" }, "suggesting"));
    expect(sam.text()).toBe("Hello world");

    eveReview.setMode("suggesting");
    eve.place(7);
    for (const letter of "big ") eve.key(letter);
    // Sam proposes deleting "world" (now at 11–16 in his view too).
    sam.dispatch(sam.state.tr.setSelection(TextSelection.create(sam.state.doc, 11, 16)).deleteSelection());

    expect(eve.text()).toBe("Hello big world");
    expect(sam.text()).toBe("Hello big world");
    const delta = paragraphDelta(a);
    expect(delta.map((op) => [op.insert, Object.keys(op.attributes ?? {})])).toEqual([
      ["Hello ", []],
      ["big ", ["insertion"]],
      ["world", ["deletion"]],
    ]);
    const inserted = delta[1]!.attributes!.insertion!.id;
    const deleted = delta[2]!.attributes!.deletion!.id;
    expect(inserted).toMatch(/^[a-z0-9]{12}$/);
    expect(suggestionMeta(a, inserted)).toMatchObject({ kind: "insert", field: "body", author: 7, authorName: "Eve" });
    expect(suggestionMeta(b, deleted)).toMatchObject({ kind: "delete", field: "body", author: 9, authorName: "Sam" });
    // One suggestion for the four letters typed, one for the deletion; nothing for ids never used.
    expect([...a.getMap(SUGGESTIONS_ROOT).keys()].sort()).toEqual([inserted, deleted].sort());
    eve.destroy();
    sam.destroy();
  });

  it("in Editing mode edits change the text and record nothing", () => {
    const doc = new Y.Doc();
    const editor = suggestingEditor(doc, createReview({ id: 7, name: "Eve" }, "editing"));
    for (const letter of "Hi") editor.key(letter);
    expect(paragraphDelta(doc)).toEqual([{ insert: "Hi" }]);
    expect(doc.getMap(SUGGESTIONS_ROOT).size).toBe(0);
    editor.destroy();
  });

  it("records formatting in Suggesting mode as the old words proposed for deletion and the formatted words proposed for insertion, never as a modification the room cannot store", () => {
    const doc = new Y.Doc();
    const review = createReview({ id: 7, name: "Eve" }, "editing");
    const editor = suggestingEditor(doc, review);
    for (const letter of "Bold me") editor.key(letter);
    review.setMode("suggesting");
    editor.dispatch(editor.state.tr.addMark(1, 5, editor.state.schema.marks.strong!.create()));
    const delta = paragraphDelta(doc) as { insert: string; attributes?: Record<string, unknown> }[];
    expect(delta.map((op) => [op.insert, Object.keys(op.attributes ?? {}).sort()])).toEqual([
      ["Bold", ["deletion"]],
      ["Bold", ["insertion", "strong"]],
      [" me", []],
    ]);
    expect(delta.flatMap((op) => Object.keys(op.attributes ?? {})).some((name) => name.startsWith("modification"))).toBe(false);
    editor.destroy();
  });

  it("records Enter in Suggesting mode as a split suggestion the draft reads as one paragraph, and takes back the author's own split for real", () => {
    const doc = new Y.Doc();
    const review = createReview({ id: 7, name: "Eve" }, "editing");
    const editor = suggestingEditor(doc, review);
    for (const letter of "Hello world") editor.key(letter);
    review.setMode("suggesting");
    editor.place(6);
    splitBlock(editor.state, (tr) => editor.dispatch(tr));
    for (const letter of "big") editor.key(letter);

    const body = doc.getXmlFragment("body");
    expect(body.length).toBe(2);
    const id = (body.get(1) as Y.XmlElement).getAttribute(BLOCK_SPLIT);
    expect(typeof id).toBe("string");
    expect((body.get(0) as Y.XmlElement).getAttribute(BLOCK_SPLIT)).toBeUndefined();
    expect(suggestionMeta(doc, id)).toMatchObject({ kind: "split", field: "body", author: 7, authorName: "Eve" });
    // The draft: one paragraph, without the typed word (an insertion) and without the split.
    const draft = draftRichDoc(editor.state.doc, openSuggestionOf(doc));
    expect(draft.childCount).toBe(1);
    expect(draft.textContent).toBe("Hello world");

    // Backspace at the start of her own new paragraph joins it back for real.
    for (let i = 0; i < 3; i++) deleteBackward(editor);
    editor.place(editor.state.doc.child(0).nodeSize + 1);
    joinBackward(editor.state, (tr) => editor.dispatch(tr));
    expect(body.length).toBe(1);
    expect(editor.text()).toBe("Hello world");
    editor.destroy();
  });

  it("records Backspace at a paragraph's start in Suggesting mode as a join suggestion: both paragraphs stay until it is accepted", () => {
    const doc = new Y.Doc();
    const review = createReview({ id: 7, name: "Eve" }, "editing");
    const editor = suggestingEditor(doc, review);
    for (const letter of "One") editor.key(letter);
    splitBlock(editor.state, (tr) => editor.dispatch(tr));
    for (const letter of "Two") editor.key(letter);
    review.setMode("suggesting");
    editor.place(6);
    joinBackward(editor.state, (tr) => editor.dispatch(tr));
    joinBackward(editor.state, (tr) => editor.dispatch(tr));

    const body = doc.getXmlFragment("body");
    expect(body.length).toBe(2);
    const id = (body.get(1) as Y.XmlElement).getAttribute(BLOCK_JOIN);
    expect(suggestionMeta(doc, id)).toMatchObject({ kind: "join", field: "body", author: 7 });
    // Pressed twice: one suggestion.
    expect(doc.getMap(SUGGESTIONS_ROOT).size).toBe(1);
    expect(draftRichDoc(editor.state.doc, openSuggestionOf(doc)).childCount).toBe(2);
    editor.destroy();
  });

  it("a split in Editing mode leaves a block suggestion on the first half only, so no one else claims it", () => {
    const doc = new Y.Doc();
    const review = createReview({ id: 7, name: "Eve" }, "editing");
    const editor = suggestingEditor(doc, review);
    for (const letter of "Hello world") editor.key(letter);
    review.setMode("suggesting");
    editor.place(6);
    splitBlock(editor.state, (tr) => editor.dispatch(tr));
    review.setMode("editing");
    editor.place(editor.state.doc.child(0).nodeSize + 3);
    splitBlock(editor.state, (tr) => editor.dispatch(tr));
    const body = doc.getXmlFragment("body");
    expect(body.length).toBe(3);
    expect([0, 1, 2].map((i) => (body.get(i) as Y.XmlElement).getAttribute(BLOCK_SPLIT) !== undefined)).toEqual([false, true, false]);
    editor.destroy();
  });

  it("refuses another block change in Suggesting mode (Enter over selected words), saying why, since the room's document cannot hold it as a suggestion; Editing makes it", () => {
    const doc = new Y.Doc();
    const review = createReview({ id: 7, name: "Eve" }, "editing");
    const told: string[] = [];
    review.onTell((text) => told.push(text));
    const editor = suggestingEditor(doc, review);
    for (const letter of "Hello world") editor.key(letter);
    review.setMode("suggesting");
    const select = () => editor.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, 5, 8)));
    select();
    splitBlock(editor.state, (tr) => editor.dispatch(tr));
    expect(doc.getXmlFragment("body").length).toBe(1);
    expect(told).toEqual([BLOCKS_NOT_SUGGESTED]);
    expect(doc.getMap(SUGGESTIONS_ROOT).size).toBe(0);
    review.setMode("editing");
    select();
    splitBlock(editor.state, (tr) => editor.dispatch(tr));
    expect(doc.getXmlFragment("body").length).toBe(2);
    editor.destroy();
  });
});

/* Backspace in Suggesting mode's own inserted text: the keystroke's delete. */
function deleteBackward(editor: HeadlessEditor): void {
  const at = editor.state.selection.from;
  editor.dispatch(editor.state.tr.delete(at - 1, at));
}
