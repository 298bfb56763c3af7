import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { connect, editor, heldBackInsert, newPage, until } from "./room-client";

describe("PageRoom broadcast: what an editor's update lets in", () => {
  it("sends an editor's update to every other editor and not back to its author", async () => {
    const id = await newPage({ title: "" });
    const [a, b, c] = [await connect(id, editor("ann")), await connect(id, editor("bob")), await connect(id, editor("cy"))];
    a.doc.getText("title").insert(0, "hi");
    // The acknowledgement follows the commit, which follows the broadcast on the same socket.
    await until(() => b.text("title") === "hi" && c.text("title") === "hi" && a.acknowledged());
    expect([a.updatesReceived, b.updatesReceived, c.updatesReceived]).toEqual([0, 1, 1]);
    for (const client of [a, b, c]) client.close();
  });

  it("sends the author what its update lets in of someone else's held-back items", async () => {
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
