import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import type { PageRoom } from "../../src/objects/PageRoom";
import { ROOM_CLOSE } from "../../src/shared/room-protocol";
import { configureRoom, connect, editor, newPage, until } from "./room-client";

function stub(id: number) {
  return env.PAGE_ROOM.get(env.PAGE_ROOM.idFromName(`pages:${id}`)) as DurableObjectStub<PageRoom>;
}

/** A bystander keeps editing; the room must keep serving it while the offender is thrown out. */
async function stillServes(id: number, bystander: Awaited<ReturnType<typeof connect>>, mark: string): Promise<void> {
  bystander.doc.getText("title").insert(0, mark);
  const check = await connect(id, editor("check"));
  await until(() => check.text("title").startsWith(mark));
  check.close();
}

describe("PageRoom: bad input", () => {
  it.each([
    ["an unknown message type", new Uint8Array([7, 1, 2])],
    ["a sync message with a garbage update", new Uint8Array([0, 2, 4, 200, 201, 202, 203])],
    ["an awareness message that is not JSON", new Uint8Array([1, 6, 1, 1, 1, 2, 123, 120])],
    ["trailing bytes after a sync step 1", new Uint8Array([0, 0, 1, 0, 9])],
  ])("closes the sender of %s with 4400", async (_label, bytes) => {
    const id = await newPage({ title: "" });
    const bystander = await connect(id, editor("by"));
    const bad = await connect(id, editor("bad"));
    bad.sendRaw(bytes);
    await until(() => bad.closed !== null);
    expect(bad.closed?.code).toBe(ROOM_CLOSE.MALFORMED);
    await stillServes(id, bystander, "ok");
    bystander.close();
  });

  it("closes the sender of a message over 1 MB with 1009 and stores nothing of it", async () => {
    const id = await newPage({ title: "" });
    const bystander = await connect(id, editor("by"));
    const bad = await connect(id, editor("big"));
    const big = new Uint8Array(1024 * 1024 + 16);
    big[0] = 0;
    bad.sendRaw(big);
    await until(() => bad.closed !== null);
    expect(bad.closed?.code).toBe(ROOM_CLOSE.TOO_BIG);
    await stillServes(id, bystander, "ok");
    bystander.close();
  });

  // 2,000 updates, each stored before its echo leaves the room: slower than the default 5 s on a busy machine.
  it("closes a connection that floods updates with 4429", async () => {
    const id = await newPage({ title: "" });
    const bystander = await connect(id, editor("by"));
    const flooder = await connect(id, editor("flood"));
    const text = flooder.doc.getText("slug");
    for (let i = 0; i < 2000 && flooder.closed === null; i++) text.insert(0, "x");
    await until(() => flooder.closed !== null, 15_000);
    expect(flooder.closed?.code).toBe(ROOM_CLOSE.RATE_LIMITED);
    await stillServes(id, bystander, "ok");
    // What was stored still loads.
    const state = await runInDurableObject(stub(id), (instance: PageRoom) => Y.encodeStateAsUpdate(instance.document));
    expect(() => Y.applyUpdate(new Y.Doc(), state)).not.toThrow();
    bystander.close();
  }, 20_000);

  it("closes a connection that never speaks with 4408 and keeps the others", async () => {
    // A narrow handshake window for this room only (made now, it reads the limits now).
    configureRoom({ handshakeMs: 300 });
    const id = await newPage({ title: "" });
    let bystander: Awaited<ReturnType<typeof connect>>;
    try {
      bystander = await connect(id, editor("by"));
    } finally {
      configureRoom();
    }
    const silent = await connect(id, editor("mute"), { sync: false, silent: true });
    await new Promise((resolve) => setTimeout(resolve, 350));
    await runDurableObjectAlarm(stub(id)); // in case the alarm has not run on its own yet
    await until(() => silent.closed !== null);
    expect(silent.closed?.code).toBe(ROOM_CLOSE.IDLE);
    expect(bystander.closed).toBeNull();
    await stillServes(id, bystander, "ok");
    bystander.close();
  });

  it("drops its idle check when the last editor leaves, so the emptied room is not woken for it", async () => {
    const id = await newPage({ title: "" });
    const ann = await connect(id, editor("ann"));
    const timers = () =>
      runInDurableObject(stub(id), async (_instance: PageRoom, state) => ({
        idle: state.storage.sql.exec("SELECT COUNT(*) AS n FROM room_timers WHERE kind = 'idle'").one().n,
        alarm: await state.storage.getAlarm(),
      }));
    // A handshake window still open a minute from now: only the leave can clear it in time.
    await runInDurableObject(stub(id), async (_instance: PageRoom, state) => {
      const at = Date.now() + 60_000;
      state.storage.sql.exec("INSERT INTO room_timers (kind, at, data) VALUES ('idle', ?, 'null') ON CONFLICT(kind) DO UPDATE SET at = excluded.at", at);
      await state.storage.setAlarm(at);
    });
    expect((await timers()).idle).toBe(1);
    ann.close();
    let left = await timers();
    for (let i = 0; i < 100 && (left.idle !== 0 || left.alarm !== null); i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      left = await timers();
    }
    expect(left).toEqual({ idle: 0, alarm: null });
  });
});
