import { env, runInDurableObject } from "cloudflare:test";
import { abortAllDurableObjects } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import * as encoding from "lib0/encoding";
import * as syncProtocol from "y-protocols/sync";
import * as Y from "yjs";
import type { PageRoom } from "../../src/objects/PageRoom";
import { countsAsUpdate } from "../../src/shared/room-acks";
import { CUSTOM_MESSAGE_PREFIX, parseRoomEvent, ROOM_CLOSE, type RoomEvent } from "../../src/shared/room-protocol";
import { connect, editor, heldBackInsert, newPage, until } from "./room-client";

const stub = (id: number) => env.PAGE_ROOM.get(env.PAGE_ROOM.idFromName(`pages:${id}`)) as DurableObjectStub<PageRoom>;

/** One frame the room sent, with how many update rows its storage held at that moment. */
type Sent = { to: WebSocket; ack: number | null; update: boolean; stored: number };

/**
 * Records every frame the room sends from now on (the room and the test share one isolate), with
 * the room's stored update count at the moment of sending. Returns the log and a restore function.
 */
async function recordSends(id: number): Promise<{ log: Sent[]; sockets: WebSocket[]; restore: () => Promise<void> }> {
  const log: Sent[] = [];
  const sockets = await runInDurableObject(stub(id), (_room: PageRoom, state) => {
    const server = state.getWebSockets();
    const stored = () => state.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM room_updates").one().n;
    const original = WebSocket.prototype.send;
    WebSocket.prototype.send = function (this: WebSocket, data: string | ArrayBuffer | ArrayBufferView) {
      if (server.includes(this)) {
        const event = typeof data === "string" && data.startsWith(CUSTOM_MESSAGE_PREFIX) ? parseRoomEvent(data.slice(CUSTOM_MESSAGE_PREFIX.length)) : null;
        log.push({ to: this, ack: event?.type === "ack" ? event.updates : null, update: typeof data !== "string" && countsAsUpdate(data), stored: stored() });
      }
      return original.call(this, data);
    };
    (globalThis as { restoreSend?: () => void }).restoreSend = () => (WebSocket.prototype.send = original);
    return server;
  });
  const restore = () => runInDurableObject(stub(id), () => (globalThis as { restoreSend?: () => void }).restoreSend?.());
  return { log, sockets, restore };
}

describe("PageRoom acknowledgements: peers first, the author once it is durable", () => {
  it("sends an update to the other editors before storing it, and acknowledges its author only after the store", async () => {
    const id = await newPage({ title: "" });
    const a = await connect(id, editor("ann"));
    const b = await connect(id, editor("bob"));
    await until(() => a.acknowledged() && b.acknowledged());
    const { log, sockets, restore } = await recordSends(id);
    try {
      const before = log.length;
      a.doc.getText("title").insert(0, "peers first");
      await until(() => b.text("title") === "peers first" && a.acknowledged());
      const of = (name: string) => sockets.find((socket) => JSON.stringify(socket.deserializeAttachment()).includes(`"name":"${name}"`));
      const [toA, toB] = [of("ann"), of("bob")];
      const sent = log.slice(before);
      const broadcast = sent.find((entry) => entry.to === toB && entry.update);
      const ack = sent.find((entry) => entry.to === toA && entry.ack !== null);
      expect(broadcast).toBeDefined();
      expect(ack).toBeDefined();
      // The peer's copy left with nothing stored yet (no write pending in its turn, so no output gate)…
      expect(broadcast!.stored).toBe(ack!.stored - 1);
      // …and the acknowledgement left after the append (the gate holds it until the commit is durable).
      expect(sent.indexOf(broadcast!)).toBeLessThan(sent.indexOf(ack!));
      expect(sent.some((entry) => entry.to === toB && entry.ack !== null)).toBe(false);
    } finally {
      await restore();
      a.close();
      b.close();
    }
  });

  it("counts every update frame of a connection, batching a burst into one acknowledgement per commit", async () => {
    const id = await newPage({ title: "" });
    const a = await connect(id, editor("ann"));
    const b = await connect(id, editor("bob"));
    const acks: RoomEvent[] = [];
    a.ws.addEventListener("message", (event) => {
      if (typeof event.data === "string" && event.data.includes('"ack"')) acks.push(parseRoomEvent(event.data.slice(CUSTOM_MESSAGE_PREFIX.length))!);
    });
    const text = a.doc.getText("title");
    for (const letter of "burst") text.insert(text.length, letter);
    await until(() => a.acknowledged() && b.text("title") === "burst");
    // Step 2 of the handshake plus five keystrokes, sent in one turn: committed and acknowledged together.
    expect(a.acks.sentCount()).toBe(6);
    expect(acks.at(-1)).toEqual({ type: "ack", updates: 6 });
    expect(acks.length).toBeLessThan(6);
    a.close();
    b.close();
  });

  it("keeps each connection's acknowledged count in its attachment, what a room woken from hibernation counts on from", async () => {
    const id = await newPage({ title: "" });
    const a = await connect(id, editor("ann"));
    await until(() => a.acknowledged());
    const text = a.doc.getText("title");
    for (const word of ["one", " two", " three"]) {
      text.insert(text.length, word);
      await until(() => a.acknowledged());
    }
    // Acknowledged counts reach the attachment a moment after the acknowledgements pause.
    const remembered = () =>
      runInDurableObject(stub(id), (_room: PageRoom, state) => {
        // The raw attachment, not partyserver's view of it: what a woken room reads back.
        const attachment = WebSocket.prototype.deserializeAttachment.call(state.getWebSockets()[0]!) as { __user?: { acked?: number } };
        return attachment.__user?.acked ?? null;
      });
    await until(async () => (await remembered()) === a.acks.sentCount());
    expect(await remembered()).toBeGreaterThan(3);
    // Awake, the room counts on from memory: the next edit is acknowledged as the next frame.
    text.insert(text.length, " four");
    await until(() => a.acknowledged());
    a.close();
  });

  it("an acknowledged edit survives a kill that comes right after the acknowledgement", async () => {
    const id = await newPage({ title: "" });
    for (const word of ["one", "two", "three"]) {
      const a = await connect(id, editor("ann"));
      const text = a.doc.getText("title");
      text.insert(text.length, `${word} `);
      await until(() => a.acknowledged());
      await abortAllDurableObjects();
    }
    const c = await connect(id, editor("cy"));
    expect(c.text("title")).toBe("one two three ");
    c.close();
  });

  it("acknowledges the step 2 a reconnecting client sends with what it typed while away", async () => {
    const id = await newPage({ title: "" });
    const first = await connect(id, editor("ann"));
    const offline = new Y.Doc();
    Y.applyUpdate(offline, Y.encodeStateAsUpdate(first.doc));
    first.close();
    offline.getText("title").insert(0, "typed offline");
    const again = await connect(id, editor("ann"), { sync: false });
    Y.applyUpdate(again.doc, Y.encodeStateAsUpdate(offline));
    again.start();
    await until(() => again.synced && again.acknowledged() && again.acks.sentCount() > 0);
    await abortAllDurableObjects();
    const check = await connect(id, editor("cy"));
    expect(check.text("title")).toBe("typed offline");
    check.close();
  });

  it("acknowledges a frame whose items wait for a neighbour only once they are let in and stored", async () => {
    const id = await newPage({ title: "" });
    const a = await connect(id, editor("ann"));
    const b = await connect(id, editor("bob"));
    await until(() => a.acknowledged() && b.acknowledged());
    const word = await heldBackInsert(b);
    // Held in memory only, in no commit: a kill now would lose it, so it is not acknowledged.
    expect(b.acknowledged()).toBe(false);
    Y.applyUpdate(a.doc, word);
    await until(() => b.acknowledged() && a.acknowledged());
    await abortAllDurableObjects();
    const c = await connect(id, editor("cy"));
    expect(c.text("title")).toBe("hello world");
    a.close();
    b.close();
    c.close();
  });

  it("acknowledges an editor whose frames lack nothing while someone else's deletion of unseen items is held back", async () => {
    const id = await newPage({ title: "" });
    const mal = await connect(id, editor("mal"));
    const ann = await connect(id, editor("ann"));
    // Deletions of items the room has never seen: Yjs keeps them aside, possibly for good.
    const ghost = new Y.Doc();
    ghost.getText("title").insert(0, "gone");
    ghost.getText("title").delete(0, 4);
    const deletesOnly = Y.encodeStateAsUpdate(ghost, Y.encodeStateVector(ghost));
    const frame = encoding.createEncoder();
    encoding.writeVarUint(frame, 0);
    syncProtocol.writeUpdate(frame, deletesOnly);
    mal.sendRaw(encoding.toUint8Array(frame));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const text = ann.doc.getText("title");
    for (const letter of "typed") text.insert(text.length, letter);
    await until(() => ann.acknowledged());
    expect(mal.closed).toBeNull();
    mal.close();
    ann.close();
  });

  it("tells the author of a refused update which items it refused, then closes with 4422", async () => {
    const id = await newPage({ title: "" });
    const bad = await connect(id, editor("mal"));
    const good = await connect(id, editor("ann"));
    bad.doc.getText("junk").insert(0, "xyz");
    await until(() => bad.closed !== null);
    expect(bad.closed?.code).toBe(ROOM_CLOSE.REFUSED);
    const refused = bad.events.find((event) => event.type === "refused");
    expect(refused).toMatchObject({ type: "refused", items: [[bad.doc.clientID, 0, 3]] });
    expect(refused && "reason" in refused ? refused.reason : "").toMatch(/junk/);
    expect(good.closed).toBeNull();
    good.close();
  });
});
