import { exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { currentAccess, sessionStanding, sessionStandings, type SessionStanding } from "../../src/auth/resolve-editor";
import { ROOM_CLOSE, ROOM_PROTOCOL_VERSION } from "../../src/shared/room-protocol";
import { siteCms } from "../../src/site/cms";
import type { SiteEnv } from "../../src/site/env";
import { roomCollections } from "../../src/site/room-deps";
import { countedD1 } from "../helpers/counted-d1";
import { seedDemo, seedEditor, signIn, SITE } from "./demo-helpers";

/*
 * What the session recheck costs a room: every connection's sign-in is confirmed within
 * `sessionRecheckMs` (3 s here, the default), in one D1 read for the whole room, however many
 * connections it holds and whether they speak or only heartbeat. The room is configured as
 * `createCms` configures it, its D1 binding counted.
 */
const PERIOD_MS = 3_000;
const SYNC_STEP_1 = new Uint8Array([0, 0, 1, 0]);
const reads = countedD1(/editor_sessions/);
const liveness = (standing: SessionStanding): boolean | "changed" => (standing === "changed" ? "changed" : standing === "live");

beforeAll(async () => {
  await seedDemo();
  siteCms.PageRoom.configure<SiteEnv>({
    collections: roomCollections,
    isSessionLive: async (env, session) => liveness(await sessionStanding({ DB: reads.wrap(env.DB) }, session)),
    sessionsLive: async (env, sessions) => (await sessionStandings({ DB: reads.wrap(env.DB) }, sessions)).map(liveness),
    publishAccess: currentAccess,
  });
});

const json = (cookie: string) => ({ cookie, origin: SITE, "content-type": "application/json" });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Socket {
  ws: WebSocket;
  closed: Promise<number>;
}

/* A socket in `room`, once the room has answered its first message (so it was admitted). */
async function openSocket(room: string, cookie: string): Promise<Socket> {
  const response = await exports.default.fetch(`${SITE}/parties/page-room/${room}?v=${ROOM_PROTOCOL_VERSION}`, { headers: { cookie, origin: SITE, upgrade: "websocket" } });
  expect(response.status).toBe(101);
  const ws = response.webSocket!;
  ws.accept();
  const closed = new Promise<number>((resolve) => ws.addEventListener("close", (event) => resolve(event.code)));
  const answered = new Promise<void>((resolve) => ws.addEventListener("message", () => resolve(), { once: true }));
  ws.send(SYNC_STEP_1);
  await answered;
  return { ws, closed };
}

/* Sends `frame` every `ms` until the socket closes. */
function every(socket: Socket, ms: number, frame: Uint8Array | string): void {
  const timer = setInterval(() => socket.ws.readyState === WebSocket.OPEN && socket.ws.send(frame), ms);
  void socket.closed.then(() => clearInterval(timer));
}

/* The close code, or "still open" after `ms`. */
function closedWithin(closed: Promise<number>, ms: number): Promise<number | "still open"> {
  return Promise.race([closed, sleep(ms).then(() => "still open" as const)]);
}

describe("the session recheck costs a room one read per period", () => {
  it("eight connections of four editors, one speaking and seven heartbeating, cost one session read per period between them", async () => {
    const cookies: string[] = [];
    for (const n of [1, 2, 3, 4]) {
      await seedEditor(`crowd${n}@demo.test`, "editor");
      cookies.push(await signIn(`crowd${n}@demo.test`), await signIn(`crowd${n}@demo.test`));
    }
    const sockets: Socket[] = [];
    for (const cookie of cookies) sockets.push(await openSocket("pages:1", cookie));
    // A message is confirmed when the period is up, and so are silent connections by the alarm.
    every(sockets[0]!, 400, SYNC_STEP_1);
    for (const socket of sockets.slice(1)) every(socket, 500, "ping");
    reads.reset();
    await sleep(2 * PERIOD_MS + 300);
    // Two periods: two confirmations (a third if the first fell just after the count began), each
    // one read for all eight; confirmed one by one they would be sixteen reads.
    expect(reads.count()).toBeGreaterThanOrEqual(1);
    expect(reads.count()).toBeLessThanOrEqual(3);
    expect(sockets.map(({ ws }) => ws.readyState)).toEqual(sockets.map(() => WebSocket.OPEN));
    for (const { ws } of sockets) ws.close(1000, "done");
  }, 40_000);

  it("one read closes exactly the connections whose session ended (4401) or changed (4409); the same account's other sign-in stays", async () => {
    await seedEditor("ann@demo.test", "editor");
    await seedEditor("bob@demo.test", "publisher");
    await seedEditor("cy@demo.test", "editor");
    const [annOut, annStays, bob, cy] = [await signIn("ann@demo.test"), await signIn("ann@demo.test"), await signIn("bob@demo.test"), await signIn("cy@demo.test")];
    const sockets: Socket[] = [];
    for (const cookie of [annOut, annStays, bob, cy]) sockets.push(await openSocket("pages:2", cookie));
    for (const socket of sockets) every(socket, 500, "ping");
    // Both changes land within one period, so one confirmation finds both.
    await sleep(PERIOD_MS / 2);
    reads.reset();
    expect((await exports.default.fetch(`${SITE}/api/cms/session`, { method: "DELETE", headers: json(annOut) })).status).toBe(204);
    await seedEditor("bob@demo.test", "editor");
    const [out, demoted] = [sockets[0]!, sockets[2]!];
    expect(await closedWithin(out.closed, PERIOD_MS + 2_000)).toBe(ROOM_CLOSE.NO_EDITOR);
    expect(await closedWithin(demoted.closed, 500)).toBe(ROOM_CLOSE.ACCESS_CHANGED);
    expect(reads.count()).toBe(1);
    expect([sockets[1]!.ws.readyState, sockets[3]!.ws.readyState]).toEqual([WebSocket.OPEN, WebSocket.OPEN]);
    for (const { ws } of sockets) if (ws.readyState === WebSocket.OPEN) ws.close(1000, "done");
  }, 40_000);
});
