import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { connect, editor, heldBackInsert, newPage, until } from "./room-client";

describe("PageRoom broadcast: what an editor's update lets in", () => {
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
