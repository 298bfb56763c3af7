import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { applyTextDiff } from "../../../src/cores/rich-text";

const textOf = (value: string, clientID?: number): Y.Text => {
  const doc = new Y.Doc();
  if (clientID !== undefined) doc.clientID = clientID;
  const text = doc.getText("title");
  text.insert(0, value);
  return text;
};

type Delta = { retain?: number; insert?: string; delete?: number }[];

/** current → next, and the one splice applyTextDiff must make (as a Yjs delta). */
const ROWS: [string, string, Delta][] = [
  ["Hello world", "Hello brave world", [{ retain: 6 }, { insert: "brave " }]],
  ["Hello brave world", "Hello world", [{ retain: 6 }, { delete: 6 }]],
  ["Hello world", "Hello there", [{ retain: 6 }, { delete: 5 }, { insert: "there" }]],
  ["abc", "xabc", [{ insert: "x" }]],
  ["abc", "abcx", [{ retain: 3 }, { insert: "x" }]],
  ["", "new", [{ insert: "new" }]],
  ["old", "", [{ delete: 3 }]],
  ["aaa", "aaaa", [{ retain: 3 }, { insert: "a" }]],
  ["smile 😀!", "smile 😁!", [{ retain: 6 }, { delete: 2 }, { insert: "😁" }]],
  ["a😀b", "a😀😀b", [{ retain: 3 }, { insert: "😀" }]],
];

describe("applyTextDiff", () => {
  it.each(ROWS)("%j → %j is one minimal splice", (current, next, delta) => {
    const text = textOf(current);
    let seen: Delta | null = null;
    text.observe((event) => {
      seen = event.delta as Delta;
    });
    applyTextDiff(text, next);
    expect(text.toString()).toBe(next);
    expect(seen).toEqual(delta);
  });

  it("does nothing when the text is unchanged", () => {
    const text = textOf("same");
    let updates = 0;
    text.doc?.on("update", () => updates++);
    applyTextDiff(text, "same");
    expect(updates).toBe(0);
  });

  it("keeps a concurrent insert made elsewhere in the text by another editor", () => {
    const server = textOf("The quick fox", 1);
    const editor = new Y.Doc();
    editor.clientID = 2;
    Y.applyUpdate(editor, Y.encodeStateAsUpdate(server.doc as Y.Doc));
    // Live typing at the end while a REST save changes the middle.
    editor.getText("title").insert(13, " jumps");
    applyTextDiff(server, "The quick brown fox");
    Y.applyUpdate(editor, Y.encodeStateAsUpdate(server.doc as Y.Doc));
    Y.applyUpdate(server.doc as Y.Doc, Y.encodeStateAsUpdate(editor));
    expect(server.toString()).toBe("The quick brown fox jumps");
    expect(editor.getText("title").toString()).toBe("The quick brown fox jumps");
  });

  it("never leaves a broken surrogate pair", () => {
    const text = textOf("👍👎");
    applyTextDiff(text, "👍👍👎");
    applyTextDiff(text, "👎");
    expect(text.toString()).toBe("👎");
    expect(text.toString()).not.toContain("\ufffd");
  });
});
