import * as Y from "yjs";
import { describe, expect, it } from "vitest";
import { COMMENTS_ROOT } from "../../src/shared/review-comments";
import { ROOM_CLOSE } from "../../src/shared/room-protocol";
import { env } from "cloudflare:workers";
import { roomComments } from "../../src/objects/room-client";
import { connect, editor, newPage, until } from "./room-client";

describe("PageRoom: cms:comments is written by the room only", () => {
  it("a stock client adding a thread is refused with 4423 and a refused event; its other editor sees nothing", async () => {
    const id = await newPage({ title: "Guarded comments" });
    const ann = await connect(id, editor("ann"));
    const bob = await connect(id, editor("bob"));
    const thread = new Y.Map<unknown>();
    thread.set("text", "forged");
    bob.doc.getMap(COMMENTS_ROOT).set("forged", thread);
    await until(() => bob.closed !== null);
    expect(bob.closed?.code).toBe(ROOM_CLOSE.READ_ONLY_FIELD);
    expect(bob.events.find((event) => event.type === "refused")).toMatchObject({ reason: expect.stringContaining("cms:comments is written by the room only") });
    ann.doc.getText("title").insert(0, "!");
    await until(() => ann.acknowledged());
    expect(ann.doc.getMap(COMMENTS_ROOT).size).toBe(0);
    expect(ann.closed).toBeNull();
    ann.close();
  });

  it("a client's state carrying the room's own threads and their deletion back to it is no write", async () => {
    const id = await newPage({ title: "Round trip" });
    const ann = { ...editor("ann"), id: "51" };
    const { thread } = await roomComments(env, "pages", id, ann, { kind: "add", input: { field: "title", range: { from: 0, to: 5 }, text: "Hm", mentions: [] } });
    const live = await connect(id, ann);
    await until(() => live.doc.getMap(COMMENTS_ROOT).has(thread!.id));
    await roomComments(env, "pages", id, ann, { kind: "delete", thread: thread!.id });
    await until(() => !live.doc.getMap(COMMENTS_ROOT).has(thread!.id));
    live.close();
    const back = await connect(id, ann, { sync: false });
    Y.applyUpdate(back.doc, Y.encodeStateAsUpdate(live.doc));
    back.start();
    back.doc.getText("title").insert(0, "!");
    await until(() => back.closed !== null || (back.synced && back.acknowledged()));
    expect(back.closed).toBeNull();
    back.close();
  });
});
