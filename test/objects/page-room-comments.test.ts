import { env } from "cloudflare:workers";
import * as Y from "yjs";
import { describe, expect, it } from "vitest";
import { readRecordComments, threadRows, writeRecordComments } from "../../src/cores/comments";
import { roomComments, roomDraftWriter } from "../../src/objects/room-client";
import { COMMENTS_ROOT } from "../../src/shared/review-comments";
import { ROOM_CLOSE } from "../../src/shared/room-protocol";
import type { EditorSession } from "../../src/shared/session";
import { connect, newPage, until } from "./room-client";

/* Comments name their author by a numeric editor id. */
const ann: EditorSession = { id: "41", email: "ann@example.test", name: "Ann", roles: ["editor"], access: { publish: false } };
const add = (id: number, field: string, from: number, to: number, text: string) =>
  roomComments(env, "pages", id, ann, { kind: "add", input: { field, range: { from, to }, text, mentions: [] } });
const list = async (id: number) => (await roomComments(env, "pages", id, ann, { kind: "list" })).threads ?? [];

describe("PageRoom: comment threads and D1", () => {
  it("D1's rows match the document after each change and after the room's next draft write (words and offsets as they read then)", async () => {
    const id = await newPage({ title: "Launch price is 20 dollars" });
    const { thread } = await add(id, "title", 16, 18, "Right?");
    await roomComments(env, "pages", id, ann, { kind: "reply", thread: thread!.id, input: { text: "Yes", mentions: [] } });
    expect(await readRecordComments(env.DB, "pages", id)).toEqual(threadRows(await list(id)));
    const live = await connect(id, ann);
    live.doc.getText("title").insert(0, "Big ");
    await until(() => live.events.some((event) => event.type === "saved"));
    const rows = await readRecordComments(env.DB, "pages", id);
    expect(rows).toEqual(threadRows(await list(id)));
    expect(rows[0]).toMatchObject({ id: thread!.id, parent: null, quote: "20", fromOffset: 20, toOffset: 22, text: "Right?" });
    expect(rows[1]).toMatchObject({ parent: thread!.id, text: "Yes", author: "41" });
    live.close();
  });

  it("a room whose storage is empty anchors D1's threads again: on the same words when they still read so, else with quote \"\"", async () => {
    const id = await newPage({ title: "Price is 20 dollars" });
    const at = new Date().toISOString();
    const thread = { field: "title", text: "Check", author: "41", authorName: "Ann", at, edited: null, resolved: null, mentions: [], replies: [] };
    await writeRecordComments(env.DB, "pages", id, threadRows([
      { ...thread, id: "kept", quote: "20", from: 9, to: 11, replies: [{ id: "r1", text: "Ok", author: "41", authorName: "Ann", at, edited: null }] },
      { ...thread, id: "moved", quote: "dollars", from: 0, to: 7 },
    ]));
    expect((await list(id)).map((t) => [t.id, t.quote, t.from, t.to, t.replies.length])).toEqual([
      ["kept", "20", 9, 11, 1],
      ["moved", "", null, null, 0],
    ]);
    const live = await connect(id, ann);
    live.doc.getText("title").insert(0, "The ");
    await until(() => live.acknowledged());
    expect((await list(id))[0]).toMatchObject({ id: "kept", quote: "20", from: 13, to: 15 });
    live.close();
  });

  it("a client changing or deleting an existing thread is refused with 4423; its other editor keeps the thread", async () => {
    const id = await newPage({ title: "Guarded thread" });
    const { thread } = await add(id, "title", 0, 7, "Mine");
    const bob = await connect(id, { ...ann, id: "42", name: "Bob" });
    const cid = await connect(id, { ...ann, id: "43", name: "Cid" });
    for (const [client, change] of [
      [bob, (map: Y.Map<unknown>) => (map.get(thread!.id) as Y.Map<unknown>).set("text", "forged")],
      [cid, (map: Y.Map<unknown>) => map.delete(thread!.id)],
    ] as const) {
      change(client.doc.getMap(COMMENTS_ROOT));
      await until(() => client.closed !== null);
      expect(client.closed?.code).toBe(ROOM_CLOSE.READ_ONLY_FIELD);
    }
    expect(await list(id)).toMatchObject([{ id: thread!.id, text: "Mine", quote: "Guarded" }]);
  });

  it("deleting the record deletes its threads from D1", async () => {
    const id = await newPage({ title: "Soon gone" });
    await add(id, "title", 0, 4, "Bye");
    expect(await readRecordComments(env.DB, "pages", id)).toHaveLength(1);
    await env.DB.prepare("DELETE FROM pages WHERE id = ?1").bind(id).run();
    await roomDraftWriter(env.PAGE_ROOM, "pages").recordDeleted(id);
    expect(await readRecordComments(env.DB, "pages", id)).toEqual([]);
  });
});
