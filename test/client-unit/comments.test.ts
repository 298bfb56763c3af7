import { describe, expect, it } from "vitest";
import type { EditorView } from "prosemirror-view";
import * as Y from "yjs";
import { richSync } from "../../src/client/collab/rich-runs";
import { anchorFor, spanOf, type CommentTarget, type WireAnchor } from "../../src/client/comments/anchors";
import { entryAt, modelField } from "../../src/client/comments/field-path";
import { listed, openCount, placeThreads } from "../../src/client/comments/thread-views";
import { observeThreads, readThreads } from "../../src/client/comments/threads";
import { COMMENTS_ROOT } from "../../src/shared/review-comments";
import { HeadlessEditor } from "./headless-editor";

/*
 * The comments client over a local Y.Doc: threads written into `cms:comments` as the room writes
 * them, anchored with what the browser sends (its own relative positions), read back while the
 * words are edited around and inside.
 */

const bytes = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

/* Writes a thread as the room does: the anchors the browser sent, decoded, and the rest of the model. */
function writeThread(doc: Y.Doc, id: string, field: string, anchor: WireAnchor | null, extra: { resolved?: boolean; at?: string; replies?: string[] } = {}) {
  doc.transact(() => {
    const thread = new Y.Map<unknown>();
    doc.getMap(COMMENTS_ROOT).set(id, thread);
    thread.set("field", field);
    if (anchor) (thread.set("from", bytes(anchor.from)), thread.set("to", bytes(anchor.to)));
    thread.set("quote", "");
    thread.set("text", `About ${id}`);
    thread.set("author", 2);
    thread.set("authorName", "Eddie Editor");
    thread.set("at", extra.at ?? "2026-11-28T10:00:00.000Z");
    thread.set("edited", null);
    thread.set("resolved", extra.resolved ? { by: 3, byName: "Pat Publisher", at: "2026-11-28T11:00:00.000Z" } : null);
    thread.set("mentions", [3]);
    const replies = new Y.Array<Y.Map<unknown>>();
    thread.set("replies", replies);
    for (const [i, text] of (extra.replies ?? []).entries()) {
      const reply = new Y.Map<unknown>();
      replies.push([reply]);
      for (const [key, value] of Object.entries({ id: `r${i}`, text, author: 3, authorName: "Pat Publisher", at: "2026-11-28T10:30:00.000Z", edited: null })) reply.set(key, value);
    }
  });
}

function sectionsDoc(): Y.Doc {
  const doc = new Y.Doc();
  const hero = new Y.Map<unknown>();
  doc.getArray("sections").push([hero]);
  hero.set("id", "hero1");
  hero.set("type", "features");
  hero.set("heading", new Y.Text("Opening hours for spring"));
  const items = new Y.Array<Y.Map<unknown>>();
  hero.set("items", items);
  const item = new Y.Map<unknown>();
  items.push([item]);
  item.set("id", "item1");
  item.set("title", new Y.Text("Weekdays"));
  return doc;
}

describe("reading threads from the room's document", () => {
  it("reads each thread with its replies and resolution, and skips what is not a thread", () => {
    const doc = new Y.Doc();
    doc.getText("title").insert(0, "Spring prices");
    const text: CommentTarget = { kind: "text", field: "title", element: null as never, text: doc.getText("title") };
    writeThread(doc, "t1", "title", anchorFor(text, { from: 7, to: 13 }), { replies: ["Yes, checked"] });
    writeThread(doc, "t2", "title", null, { resolved: true });
    doc.getMap(COMMENTS_ROOT).set("junk", "not a map");
    const threads = readThreads(doc);
    expect(threads.map((t) => t.id)).toEqual(["t1", "t2"]);
    expect(threads[0]).toMatchObject({ field: "title", text: "About t1", author: "2", authorName: "Eddie Editor", resolved: null, mentions: [3], replies: [{ id: "r0", text: "Yes, checked", author: "3" }] });
    expect(threads[1]!.resolved).toEqual({ by: "3", byName: "Pat Publisher", at: "2026-11-28T11:00:00.000Z" });
    expect(openCount(threads)).toBe(1);
  });

  it("hears a thread another editor's room added, through a synced document", () => {
    const mine = new Y.Doc();
    const room = new Y.Doc();
    let heard = 0;
    const stop = observeThreads(mine, () => heard++);
    writeThread(room, "t1", "body", null);
    Y.applyUpdate(mine, Y.encodeStateAsUpdate(room));
    expect(heard).toBe(1);
    const thread = room.getMap(COMMENTS_ROOT).get("t1") as Y.Map<unknown>;
    const before = Y.encodeStateVector(mine);
    (thread.get("replies") as Y.Array<unknown>).push([new Y.Map()]);
    Y.applyUpdate(mine, Y.encodeStateAsUpdate(room, before));
    expect(heard).toBe(2);
    stop();
  });
});

describe("field names in the comments model", () => {
  it("names roots by name and list entries by id, not by index", () => {
    const doc = sectionsDoc();
    doc.getText("title").insert(0, "T");
    const hero = entryAt(doc, "sections.0")!;
    const item = entryAt(doc, "sections.0.items.0")!;
    expect(modelField(doc.getText("title"))).toBe("title");
    expect(modelField(doc.getXmlFragment("body"))).toBe("body");
    expect(modelField(hero.get("heading") as Y.Text)).toBe("sections.hero1.heading");
    expect(modelField(item.get("title") as Y.Text)).toBe("sections.hero1.items.item1.title");
    expect(modelField(hero)).toBe("sections.hero1");
    expect(entryAt(doc, "sections.3")).toBeNull();
  });
});

describe("anchors follow edits", () => {
  it("keeps a plain field's thread on its words while text is typed before, inside and after them, and says when they are deleted", () => {
    const doc = sectionsDoc();
    const heading = entryAt(doc, "sections.0")!.get("heading") as Y.Text;
    const target: CommentTarget = { kind: "text", field: "sections.hero1.heading", element: null as never, text: heading };
    writeThread(doc, "t1", target.field, anchorFor(target, { from: 0, to: 13 }));
    const words = () => placeThreads(readThreads(doc), new Map([[target.field, target]]))[0]!.words;
    expect(words()).toBe("Opening hours");
    heading.insert(0, "New ");
    heading.insert(11, "ing");
    heading.insert("New Openinging hours".length, "!");
    expect(heading.toString()).toBe("New Openinging hours! for spring");
    expect(words()).toBe("Openinging hours");
    heading.delete(4, "Openinging hours".length);
    expect(words()).toBeNull();
  });

  it("keeps a rich field's thread on its words through another editor's typing, synced between two documents", () => {
    const mine = new Y.Doc();
    const theirs = new Y.Doc();
    const editor = new HeadlessEditor(richSync(mine.getXmlFragment("body")));
    const other = new HeadlessEditor(richSync(theirs.getXmlFragment("body")));
    mine.on("update", (update: Uint8Array) => Y.applyUpdate(theirs, update, "remote"));
    theirs.on("update", (update: Uint8Array, origin: unknown) => origin !== "remote" && Y.applyUpdate(mine, update, "remote"));
    for (const letter of "The price is ten euros") editor.key(letter);
    const target: CommentTarget = { kind: "rich", field: "body", element: null as never, view: editor as unknown as EditorView };
    // Positions in ProseMirror: the paragraph opens at 0, so "price" is 5..10.
    expect(editor.state.doc.textBetween(5, 10)).toBe("price");
    writeThread(mine, "t1", "body", anchorFor(target, { from: 5, to: 10 }));
    const theirTarget: CommentTarget = { kind: "rich", field: "body", element: null as never, view: other as unknown as EditorView };
    const words = (doc: Y.Doc, at: CommentTarget) => placeThreads(readThreads(doc), new Map([["body", at]]))[0]!.words;
    expect(words(theirs, theirTarget)).toBe("price");
    other.place(1);
    for (const letter of "Now ") other.key(letter);
    other.place(12);
    other.key("y");
    expect(other.text()).toBe("Now The priyce is ten euros");
    expect(words(mine, target)).toBe("priyce");
    expect(words(theirs, theirTarget)).toBe("priyce");
    expect(spanOf(target, readThreads(mine)[0]!.from, readThreads(mine)[0]!.to)).toEqual({ from: 9, to: 15 });
    editor.destroy();
    other.destroy();
  });
});

describe("the panel's list", () => {
  it("lists open threads in page order, resolved ones only when asked, and a thread whose field is gone last", () => {
    const doc = new Y.Doc();
    doc.getText("title").insert(0, "alpha beta gamma");
    const target: CommentTarget = { kind: "text", field: "title", element: null as never, text: doc.getText("title") };
    writeThread(doc, "late", "title", anchorFor(target, { from: 11, to: 16 }), { at: "2026-11-28T09:00:00.000Z" });
    writeThread(doc, "early", "title", anchorFor(target, { from: 0, to: 5 }));
    writeThread(doc, "done", "title", anchorFor(target, { from: 6, to: 10 }), { resolved: true });
    writeThread(doc, "gone", "sections.nope", null);
    const placed = placeThreads(readThreads(doc), new Map([["title", target]]));
    const order = (showResolved: boolean) => listed(placed, showResolved, () => 100).map((p) => p.thread.id);
    expect(order(false)).toEqual(["early", "late", "gone"]);
    expect(order(true)).toEqual(["early", "done", "late", "gone"]);
    expect(placed.find((p) => p.thread.id === "gone")!.words).toBeNull();
  });
});
