import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { PageRoom } from "../../src/objects/PageRoom";
import { HEARTBEAT_PING, ROOM_CLOSE } from "../../src/shared/room-protocol";
import { editorColor } from "../../src/shared/room-identity";
import { encodeAwarenessMessage } from "../../src/objects/room-wire";
import { configureRoom, connect, editor, newPage, until, type YClient } from "./room-client";

/*
 * The heartbeat timeout of the heartbeat test's room: wide enough that the watcher's beats (every
 * 50 ms) always fall within it, even when a busy machine holds its timer back for a second (at 300
 * ms one could, and the room dropped the watcher too).
 */
const BEAT_TIMEOUT_MS = 2_000;
/* The close timeout of the two-stage test's room: past its presence timeout, so the hidden stage shows. */
const CLOSE_TIMEOUT_MS = 5_000;

type User = { name: string; color: string; id: string };

function users(client: YClient): User[] {
  return [...(client.awareness?.getStates().values() ?? [])].map((s) => s.user as User | undefined).filter((u): u is User => u !== undefined);
}

describe("PageRoom: presence", () => {
  it("carries the server-given name and colour, reaches late joiners, and survives another peer leaving", async () => {
    const id = await newPage();
    const a = await connect(id, editor("ann"), { awareness: true });
    const b = await connect(id, editor("bob"), { awareness: true });
    a.awareness?.setLocalState({ user: { name: "Queen of Everything", color: "#000" }, cursor: { anchor: { tname: "body", assoc: 0 }, head: { tname: "body", assoc: 0 } } });
    b.awareness?.setLocalState({ cursor: null });
    await until(() => users(b).some((u) => u.id === "ed-ann"));
    expect(users(b).find((u) => u.id === "ed-ann")).toEqual({ name: "ann", color: editorColor("ed-ann"), id: "ed-ann" });

    const late = await connect(id, editor("cy"), { awareness: true });
    await until(() => users(late).some((u) => u.name === "ann") && users(late).some((u) => u.name === "bob"));

    b.close();
    await until(() => !users(late).some((u) => u.name === "bob"));
    expect(users(late).some((u) => u.name === "ann")).toBe(true);
    a.close();
    late.close();
  });

  it("does not let one connection change or clear another's presence", async () => {
    const id = await newPage();
    const a = await connect(id, editor("ann"), { awareness: true });
    const watcher = await connect(id, editor("wat"), { awareness: true });
    a.awareness?.setLocalState({ cursor: null });
    await until(() => users(watcher).some((u) => u.name === "ann"));
    const attacker = await connect(id, editor("eve"));
    attacker.sendRaw(encodeAwarenessMessage([{ clientID: a.doc.clientID, clock: 999, state: null }]));
    attacker.sendRaw(encodeAwarenessMessage([{ clientID: a.doc.clientID, clock: 1000, state: { user: { name: "eve" } } }]));
    // Give the room time to (not) act, then check through a fresh peer.
    const probe = await connect(id, editor("pro"), { awareness: true });
    await until(() => users(probe).some((u) => u.name === "ann"));
    expect(users(probe).some((u) => u.name === "eve")).toBe(false);
    [a, watcher, attacker, probe].forEach((c) => c.close());
  });

  it("drops the presence of a connection whose heartbeat stopped, and leaves connections that never beat", async () => {
    const id = await newPage();
    const room = env.PAGE_ROOM.get(env.PAGE_ROOM.idFromName(`pages:${id}`)) as DurableObjectStub<PageRoom>;
    // This room only (made at its first connection, it reads the limits then).
    configureRoom({ heartbeatTimeoutMs: BEAT_TIMEOUT_MS });
    let gone: YClient;
    try {
      gone = await connect(id, editor("ann"), { awareness: true });
    } finally {
      configureRoom();
    }
    const stock = await connect(id, editor("sto"), { awareness: true });
    const watcher = await connect(id, editor("wat"), { awareness: true });
    gone.awareness?.setLocalState({ cursor: null });
    stock.awareness?.setLocalState({ cursor: null });
    await until(() => users(watcher).some((u) => u.name === "ann") && users(watcher).some((u) => u.name === "sto"));
    const pong = new Promise<unknown>((resolve) => gone.ws.addEventListener("message", (event) => event.data === "pong" && resolve(event.data)));
    gone.sendRaw(HEARTBEAT_PING);
    expect(await pong).toBe("pong");
    const beats = await runInDurableObject(room, (_room: PageRoom, state) =>
      state.getWebSockets().flatMap((ws) => state.getWebSocketAutoResponseTimestamp(ws)?.getTime() ?? []),
    );
    expect(beats).toHaveLength(1);
    // The watcher keeps beating; the first stops (its network is gone: it sends nothing more).
    const keepBeating = setInterval(() => watcher.sendRaw(HEARTBEAT_PING), 50);
    try {
      // Until the room's clock has the first's last beat older than the timeout: what its alarm
      // checks, rather than a sleep guessed to cover it.
      await until(() => runInDurableObject(room, () => Date.now() - beats[0]! > BEAT_TIMEOUT_MS));
      await runDurableObjectAlarm(room); // in case the alarm has not run on its own yet
      await until(() => gone.closed !== null);
      expect(gone.closed?.code).toBe(ROOM_CLOSE.IDLE);
      await until(() => !users(watcher).some((u) => u.name === "ann"));
      expect(users(watcher).some((u) => u.name === "sto")).toBe(true);
      expect(stock.closed).toBeNull();
      expect(watcher.closed).toBeNull();
    } finally {
      clearInterval(keepBeating);
      [stock, watcher].forEach((c) => c.close());
    }
  });

  it("hides a silent connection's presence past the presence timeout and keeps it open; one heard again shows again, one still silent is closed at the heartbeat timeout", async () => {
    const id = await newPage();
    const room = env.PAGE_ROOM.get(env.PAGE_ROOM.idFromName(`pages:${id}`)) as DurableObjectStub<PageRoom>;
    configureRoom({ presenceTimeoutMs: BEAT_TIMEOUT_MS, heartbeatTimeoutMs: CLOSE_TIMEOUT_MS });
    let late: YClient;
    let gone: YClient;
    try {
      late = await connect(id, editor("lat"), { awareness: true });
      gone = await connect(id, editor("gon"), { awareness: true });
    } finally {
      configureRoom();
    }
    const watcher = await connect(id, editor("wat"), { awareness: true });
    // As a stock provider does: told its own presence was removed, a client that is still there
    // sends it again (y-protocols keeps the local state and raises its clock).
    late.awareness?.on("update", ({ removed }: { removed: number[] }, origin: unknown) => {
      if (origin === late && removed.includes(late.doc.clientID)) late.sendRaw(encodeAwarenessMessage([{ clientID: late.doc.clientID, clock: late.awareness?.meta.get(late.doc.clientID)?.clock ?? 0, state: late.awareness?.getLocalState() ?? null }]));
    });
    late.awareness?.setLocalState({ cursor: null });
    gone.awareness?.setLocalState({ cursor: null });
    await until(() => users(watcher).some((u) => u.name === "lat") && users(watcher).some((u) => u.name === "gon"));
    for (const client of [late, gone]) {
      const pong = new Promise<unknown>((resolve) => client.ws.addEventListener("message", (event) => event.data === "pong" && resolve(event.data)));
      client.sendRaw(HEARTBEAT_PING);
      expect(await pong).toBe("pong");
    }
    const lastPing = Math.max(
      ...(await runInDurableObject(room, (_room: PageRoom, state) => state.getWebSockets().flatMap((ws) => state.getWebSocketAutoResponseTimestamp(ws)?.getTime() ?? []))),
    );
    const keepBeating = setInterval(() => watcher.sendRaw(HEARTBEAT_PING), 50);
    let lateBeats: ReturnType<typeof setInterval> | undefined;
    try {
      await until(() => runInDurableObject(room, () => Date.now() - lastPing > BEAT_TIMEOUT_MS + BEAT_TIMEOUT_MS / 3 + 100));
      await runDurableObjectAlarm(room); // in case the alarm has not run on its own yet
      // The late one's removal reached it, and its answer brings it back; the gone one stays hidden.
      await until(() => !users(watcher).some((u) => u.name === "gon"));
      await until(() => users(watcher).some((u) => u.name === "lat"));
      expect(gone.closed).toBeNull();
      expect(late.closed).toBeNull();
      lateBeats = setInterval(() => late.sendRaw(HEARTBEAT_PING), 50);
      await until(() => runInDurableObject(room, () => Date.now() - lastPing > CLOSE_TIMEOUT_MS + CLOSE_TIMEOUT_MS / 3 + 100), 15_000);
      await runDurableObjectAlarm(room);
      await until(() => gone.closed !== null);
      expect(gone.closed?.code).toBe(ROOM_CLOSE.IDLE);
      expect(late.closed).toBeNull();
      expect(watcher.closed).toBeNull();
      expect(users(watcher).some((u) => u.name === "lat")).toBe(true);
    } finally {
      clearInterval(keepBeating);
      clearInterval(lateBeats);
      [late, watcher].forEach((c) => c.close());
    }
  }, 30_000);

  it("takes any frame for a beat: of two connections that pinged once, the one that goes on typing stays, the silent one is closed", async () => {
    const id = await newPage();
    const room = env.PAGE_ROOM.get(env.PAGE_ROOM.idFromName(`pages:${id}`)) as DurableObjectStub<PageRoom>;
    configureRoom({ heartbeatTimeoutMs: BEAT_TIMEOUT_MS });
    let talker: YClient;
    let gone: YClient;
    try {
      talker = await connect(id, editor("tal"));
      gone = await connect(id, editor("gon"));
    } finally {
      configureRoom();
    }
    const pong = (client: YClient) =>
      new Promise<string>((resolve) => {
        if (client.closed) return resolve("closed");
        client.ws.addEventListener("message", (event) => event.data === "pong" && resolve("pong"));
        client.ws.addEventListener("close", () => resolve("closed"));
        client.sendRaw(HEARTBEAT_PING);
      });
    expect(await pong(talker)).toBe("pong");
    expect(await pong(gone)).toBe("pong");
    const lastPing = Math.max(
      ...(await runInDurableObject(room, (_room: PageRoom, state) => state.getWebSockets().flatMap((ws) => state.getWebSocketAutoResponseTimestamp(ws)?.getTime() ?? []))),
    );
    // Neither pings again; the talker types a letter every 100 ms.
    const typing = setInterval(() => talker.doc.getText("title").insert(0, "x"), 100);
    try {
      // Past the moment the room's check is due (a third of the timeout after the last ping timed out).
      await until(() => runInDurableObject(room, () => Date.now() - lastPing > BEAT_TIMEOUT_MS + BEAT_TIMEOUT_MS / 3 + 100));
      await runDurableObjectAlarm(room); // in case the alarm has not run on its own yet
      await until(() => gone.closed !== null);
      expect(gone.closed?.code).toBe(ROOM_CLOSE.IDLE);
      // A round trip after the check: a connection the check closed would get its close first.
      expect(await pong(talker)).toBe("pong");
      expect(talker.closed).toBeNull();
    } finally {
      clearInterval(typing);
      talker.close();
    }
  });

  it("drops a state of the wrong shape (a cursor of junk) without closing the connection, and passes the next good one", async () => {
    const id = await newPage();
    const watcher = await connect(id, editor("wat"), { awareness: true });
    const sender = await connect(id, editor("sen"));
    const clientID = 777_001;
    const states = () => [...(watcher.awareness?.getStates().entries() ?? [])].filter(([c]) => c === clientID).map(([, s]) => s);
    sender.sendRaw(encodeAwarenessMessage([{ clientID, clock: 1, state: { cursor: { anchor: { junk: true }, head: { junk: true } } } }]));
    sender.sendRaw(encodeAwarenessMessage([{ clientID, clock: 2, state: { field: { address: 12 } } }]));
    sender.sendRaw(encodeAwarenessMessage([{ clientID, clock: 3, state: { cursor: null, field: { address: `pages:${id}:title` } } }]));
    await until(() => states().length > 0);
    expect(states()).toEqual([{ cursor: null, field: { address: `pages:${id}:title` }, user: { name: "sen", color: editorColor("ed-sen"), id: "ed-sen" } }]);
    expect(sender.closed).toBeNull();
    [watcher, sender].forEach((c) => c.close());
  });
});
