import * as decoding from "lib0/decoding";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { connect, editor, heldBackInsert, newPage, until, type YClient } from "./room-client";

/**
 * Counts the Yjs update frames (sync message, update sub-type) the room sends `client` from now on
 * that carry items of `author` (other updates, such as a draft write's, may come and go).
 */
function countUpdatesOf(client: YClient, author: YClient): { count: () => number } {
  let count = 0;
  client.ws.addEventListener("message", (event) => {
    if (typeof event.data === "string") return;
    const decoder = decoding.createDecoder(new Uint8Array(event.data as ArrayBuffer));
    if (decoding.readVarUint(decoder) !== 0 || decoding.readVarUint(decoder) !== 2) return;
    const { structs } = Y.decodeUpdate(decoding.readVarUint8Array(decoder));
    if (structs.some((struct) => struct.id.client === author.doc.clientID)) count += 1;
  });
  return { count: () => count };
}

describe("PageRoom broadcast: an editor's update goes to the others, not back to its author", () => {
  it("sends the peers each keystroke and the author none of its own", async () => {
    const id = await newPage({ title: "" });
    const a = await connect(id, editor("ann"));
    const b = await connect(id, editor("bob"));
    const toA = countUpdatesOf(a, a);
    const toB = countUpdatesOf(b, a);
    const text = a.doc.getText("title");
    for (const letter of "abc") text.insert(text.length, letter);
    await until(() => b.text("title") === "abc" && a.acknowledged());
    expect(toB.count()).toBeGreaterThan(0);
    expect(toA.count()).toBe(0);
    a.close();
    b.close();
  });

  it("still sends the author what its update lets in of someone else's held-back items", async () => {
    const id = await newPage({ title: "" });
    const a = await connect(id, editor("ann"));
    const b = await connect(id, editor("bob"));
    // Bob types after a word the room has not seen: his insert is held back.
    const word = await heldBackInsert(b);
    expect(a.text("title")).toBe("");
    // Ann brings the word: the room applies it and bob's held insert together, and ann needs both.
    Y.applyUpdate(a.doc, word);
    await until(() => a.text("title") === "hello world" && a.acknowledged());
    expect(b.text("title")).toBe("hello world");
    a.close();
    b.close();
  });
});
