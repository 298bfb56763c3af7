import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { SESSION_CHECK } from "../../src/objects/room-access";
import { HEARTBEAT_CHECK } from "../../src/objects/room-heartbeat";
import { DEFAULT_ROOM_LIMITS } from "../../src/objects/room-config";
import { seedDemo, seedEditor, signIn } from "./demo-helpers";
import { heartbeat, openSocket } from "./session-helpers";

/*
 * A room whose editors are quiet (their clients only heartbeat, which the runtime answers without
 * waking the room) sets no timer sooner than its heartbeat bound: the heartbeat check comes back
 * after the oldest beat would time out (about once per timeout, not three times), and the session
 * check is the slow safety net, a minute off, not a poll every few seconds (a sign-out or a
 * change of access is pushed instead).
 */
const PING_MS = 500;
/** Sampling the room's timers this often. */
const SAMPLE_MS = 100;
/** A room of beating editors checks about once per presence timeout (the first of the heartbeat's two stages). */
const TIMEOUT_MS = DEFAULT_ROOM_LIMITS.presenceTimeoutMs;
const WATCH_MS = 14_000;

beforeAll(seedDemo);

/* The room's timers by kind, as absolute times (Unix ms), and the room's clock. */
function timersOf(room: string): Promise<{ now: number; timers: Record<string, number> }> {
  return runInDurableObject(env.PAGE_ROOM.get(env.PAGE_ROOM.idFromName(room)), (_room: unknown, state) => ({
    now: Date.now(),
    timers: Object.fromEntries(state.storage.sql.exec<{ kind: string; at: number }>("SELECT kind, at FROM room_timers").toArray().map(({ kind, at }) => [kind, at])),
  }));
}

describe("a room of quiet editors sleeps between heartbeat checks", () => {
  it("two heartbeating editors: each heartbeat check is set about a timeout ahead, and the session check a minute ahead", async () => {
    await seedEditor("quiet1@demo.test", "editor");
    await seedEditor("quiet2@demo.test", "editor");
    const sockets = [await openSocket("pages:2", await signIn("quiet1@demo.test")), await openSocket("pages:2", await signIn("quiet2@demo.test"))];
    for (const socket of sockets) heartbeat(socket, PING_MS);
    /** Each heartbeat check the room set (its due time), in order. */
    const checks: number[] = [];
    const sessionAhead: number[] = [];
    for (const end = Date.now() + WATCH_MS; Date.now() < end; await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS))) {
      const { now, timers } = await timersOf("pages:2");
      const check = timers[HEARTBEAT_CHECK];
      if (check !== undefined && check !== checks.at(-1)) checks.push(check);
      const session = timers[SESSION_CHECK];
      if (session !== undefined) sessionAhead.push(session - now);
    }
    // Each check after the first is set by the one before as it ran (at its due time or later), a
    // timeout and a third after the oldest beat, which is at most a ping old then: so each comes at
    // least a timeout less a ping after the one before (less slack for a late ping on a busy machine).
    const gaps = checks.slice(1).map((at, i) => at - checks[i]!);
    expect(gaps.length).toBeGreaterThanOrEqual(1);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(TIMEOUT_MS - 2 * PING_MS - 500);
    // A check every third of the timeout would have been set about seven times in the watch.
    expect(checks.length).toBeLessThanOrEqual(Math.ceil(WATCH_MS / (TIMEOUT_MS - 2 * PING_MS)) + 1);
    expect(sessionAhead.length).toBeGreaterThan(0);
    expect(Math.min(...sessionAhead)).toBeGreaterThan(DEFAULT_ROOM_LIMITS.sessionSafetyMs - WATCH_MS - 1_000);
    for (const { ws } of sockets) expect(ws.readyState).toBe(WebSocket.OPEN);
    for (const { ws } of sockets) ws.close(1000, "done");
  }, 40_000);
});
