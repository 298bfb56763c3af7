import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { bindText } from "../../src/client/collab/bind-fields";
import { bindListText, findListLeaf } from "../../src/client/collab/bind-list";
import { STRUCTURE_ORIGIN } from "../../src/client/collab/origins";
import { createPageUndo } from "../../src/client/collab/page-undo";
import type { Plugin } from "prosemirror-state";
import { ySyncPlugin } from "y-prosemirror";
import { orderedItems } from "../../src/shared/entry-order";
import { insertEntry, newEntry, removeEntry } from "../../src/client/sections/list-ops";
import { createEditOrder } from "../../src/client/undo/edit-order";
import { HeadlessEditor } from "./headless-editor";

/* A plain field without a DOM; `type` appends at its end as a keystroke would. */
function plain() {
  let value = "";
  let caret: number | null = null;
  let binding: { local(value: unknown): void } | null = null;
  const field = {
    value: () => value,
    setValue(text: string, at?: number) {
      value = text;
      if (at !== undefined) caret = at;
    },
    caret: () => caret,
  };
  return {
    field,
    attach: (bound: { local(value: unknown): void }) => void (binding = bound),
    type(text: string) {
      for (const letter of text) {
        value += letter;
        caret = value.length;
        binding?.local(value);
      }
    },
  };
}

function page() {
  const doc = new Y.Doc();
  doc.getText("title").insert(0, "Title");
  const sections = doc.getArray<unknown>("sections");
  for (const [type, heading] of [
    ["hero", "Welcome"],
    ["quote", "Wise"],
  ]) {
    const entry = newEntry({ type: type!, texts: ["heading"], lists: [] });
    insertEntry(sections, sections.length, entry, "seed");
    (entry.get("heading") as Y.Text).insert(0, heading!);
  }
  const headings = () => orderedItems(sections).map((entry) => String((entry as Y.Map<unknown>).get("heading")));
  return { doc, sections, headings };
}

describe("createPageUndo: one history of one's own edits over the whole page", () => {
  it("undoes a removed section with its content, and nothing else, then the earlier typing", () => {
    const { doc, sections, headings } = page();
    // A capture window no test run outlasts: steps here end only where the page's rules end them.
    const undo = createPageUndo(doc, 60_000);
    const quote = plain();
    quote.attach(bindListText(quote.field, findListLeaf(doc, "sections", [1, "heading"])!, undo.target));
    quote.type(" words");
    removeEntry(sections, 0, STRUCTURE_ORIGIN);
    expect(headings()).toEqual(["Wise words"]);

    expect(undo.target.undo()).toBe(true);
    expect(headings()).toEqual(["Welcome", "Wise words"]);
    expect(undo.target.undo()).toBe(true);
    expect(headings()).toEqual(["Welcome", "Wise"]);
    expect(undo.target.canUndo()).toBe(false);
    expect(undo.target.redo()).toBe(true);
    expect(undo.target.redo()).toBe(true);
    expect(headings()).toEqual(["Wise words"]);
  });

  it("keeps one order across plain, rich and structure edits, leaving another editor's", () => {
    const { doc, sections, headings } = page();
    const paragraph = new Y.XmlElement("paragraph");
    paragraph.insert(0, [new Y.XmlText("Body")]);
    doc.getXmlFragment("body").insert(0, [paragraph]);
    const undo = createPageUndo(doc, 60_000);
    const title = plain();
    title.attach(bindText(title.field, doc.getText("title"), undo.target));
    const body = new HeadlessEditor([ySyncPlugin(doc.getXmlFragment("body")) as Plugin]);
    body.place(5);

    title.type(" ONE");
    for (const letter of " TWO") body.key(letter);
    title.type(" THREE");
    insertEntry(sections, 2, newEntry({ type: "hero", texts: ["heading"], lists: [] }), STRUCTURE_ORIGIN);
    // Another editor's typing meanwhile (a change that is not this tab's).
    doc.transact(() => doc.getText("title").insert(0, ">"), "remote");

    const read = () => `${doc.getText("title").toString()}|${body.text()}|${headings().length}`;
    expect(read()).toBe(">Title ONE THREE|Body TWO|3");
    const seen: string[] = [];
    while (undo.target.undo()) seen.push(read());
    expect(seen).toEqual([">Title ONE THREE|Body TWO|2", ">Title ONE|Body TWO|2", ">Title ONE|Body|2", ">Title|Body|2"]);
    body.destroy();
  });

  it("makes each structure change a step of its own, also in quick succession", () => {
    const { doc, sections, headings } = page();
    const undo = createPageUndo(doc, 60_000);
    insertEntry(sections, 2, newEntry({ type: "hero", texts: ["heading"], lists: [] }), STRUCTURE_ORIGIN);
    removeEntry(sections, 0, STRUCTURE_ORIGIN);
    expect(undo.target.depth()).toBe(2);
    undo.target.undo();
    expect(headings()).toEqual(["Welcome", "Wise", ""]);
  });

  it("never makes a step of a change that changed nothing (a selection sync)", () => {
    const { doc } = page();
    const undo = createPageUndo(doc);
    const title = plain();
    title.attach(bindText(title.field, doc.getText("title"), undo.target));
    title.type("!");
    undo.target.undo();
    doc.transact(() => undefined, STRUCTURE_ORIGIN);
    expect(undo.target.canRedo()).toBe(true);
    expect(undo.target.depth()).toBe(0);
  });
});

describe("createEditOrder with a target several parts share", () => {
  it("keeps the shared target's steps while another part still follows it", () => {
    let depth = 0;
    const shared = { undo: () => (depth--, true), redo: () => (depth++, true), canUndo: () => depth > 0, canRedo: () => false, depth: () => depth, seal: () => undefined };
    const order = createEditOrder();
    // Two sections register the page's one history; one of them is then removed.
    order.follow(shared);
    order.follow(shared);
    depth = 1;
    order.sync();
    order.forget(shared);
    expect(order.canUndo()).toBe(true);
    expect(order.undo()).toBe(true);
    expect(depth).toBe(0);
  });
});
