import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { currentAccess, sessionStanding, sessionStandings, type SessionStanding } from "../../src/auth/resolve-editor";
import { tellSessionRooms } from "../../src/auth/session-rooms";
import { verifySession } from "../../src/auth/session-cookie";
import { ROOM_CLOSE } from "../../src/shared/room-protocol";
import { siteCms } from "../../src/site/cms";
import type { SiteEnv } from "../../src/site/env";
import { roomCollections } from "../../src/site/room-deps";
import { countedD1 } from "../helpers/counted-d1";
import { until } from "../objects/room-client";
import { seedDemo, seedEditor, signIn } from "./demo-helpers";
import { openSocket, SYNC_STEP_1, type Socket } from "./session-helpers";

/*
 * What the session recheck costs a room: every connection's sign-in is confirmed within
 * `sessionRecheckMs` (3 s here, the default), in one D1 read for the whole room, however many
 * connections it holds and whether they speak or only heartbeat. The room is configured as
 * `createCms` configures it, its D1 binding counted.
 */
const PERIOD_MS = 3_000;
/*
 * The turns are timed where the room calls `sessionsLive`, not where it dated the confirmation:
 * workerd's clock moves only at I/O, and two confirmations a period apart by the room's dates were
 * read here 2,999 ms apart. A room confirming at every message (400 ms here) is still far off.
 */
const CLOCK_SLACK_MS = 50;
/** Reads of one session (`isSessionLive`): a room that confirms its connections one by one makes them. */
const singleReads = countedD1(/editor_sessions/);
const liveness = (standing: SessionStanding): boolean | "changed" => (standing === "changed" ? "changed" : standing === "live");

/** One confirmation turn of the room (`sessionsLive`): when it began, how many sessions it sent, its D1 reads and answers. */
interface Turn {
  at: number;
  sessions: number;
  reads: number;
  answers: (boolean | "changed")[];
}
const turns: Turn[] = [];

beforeAll(async () => {
  await seedDemo();
  siteCms.PageRoom.configure<SiteEnv>({
    collections: roomCollections,
    isSessionLive: async (env, session) => liveness(await sessionStanding({ DB: singleReads.wrap(env.DB) }, session)),
    sessionsLive: async (env, sessions) => {
      const at = Date.now();
      const reads = countedD1(/editor_sessions/);
      const answers = (await sessionStandings({ DB: reads.wrap(env.DB) }, sessions)).map(liveness);
      turns.push({ at, sessions: sessions.length, reads: reads.count(), answers });
      return answers;
    },
    publishAccess: currentAccess,
  });
});

/* The session id a `name=value` session cookie names. */
async function sessionIdOf(cookie: string): Promise<string> {
  const payload = await verifySession(cookie.slice(cookie.indexOf("=") + 1), env.CMS_SESSION_SECRET, Date.now());
  return payload!.sid;
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
    // A message confirms every connection once the period is up, the silent ones included.
    every(sockets[0]!, 400, SYNC_STEP_1);
    for (const socket of sockets.slice(1)) every(socket, 500, "ping");
    singleReads.reset();
    const from = turns.length;
    // Three confirmations, counted per turn rather than within a window of time (a busy machine
    // delays a turn past any window): each sends all eight sessions in one read, a period after
    // the last; confirmed one by one they would be eight reads a turn.
    await until(() => turns.length - from >= 3, 30_000);
    const counted = turns.slice(from, from + 3);
    expect(counted.map(({ sessions, reads }) => ({ sessions, reads }))).toEqual(counted.map(() => ({ sessions: 8, reads: 1 })));
    expect(counted[1]!.at - counted[0]!.at).toBeGreaterThanOrEqual(PERIOD_MS - CLOCK_SLACK_MS);
    expect(counted[2]!.at - counted[1]!.at).toBeGreaterThanOrEqual(PERIOD_MS - CLOCK_SLACK_MS);
    expect(singleReads.count()).toBe(0);
    expect(sockets.map(({ ws }) => ws.readyState)).toEqual(sockets.map(() => WebSocket.OPEN));
    for (const { ws } of sockets) ws.close(1000, "done");
  }, 40_000);

  it("one read closes exactly the connections whose session ended (4401) or changed (4409); the same account's other sign-in stays", async () => {
    expect(await endAndDemote(0)).toBe(true);
  }, 120_000);
});

/*
 * Ends one of ann's two sign-ins and demotes bob in D1 while the four sockets of ann (twice), bob
 * and cy heartbeat in one room, then pushes one recheck to the room (as a change through the team
 * route does); checks the closes, the sockets that stay and one read a turn. True when one turn's
 * read found both changes.
 */
async function endAndDemote(round: number): Promise<boolean> {
  const [ann, bob, cy] = ["ann", "bob", "cy"].map((name) => `${name}${round}@demo.test`) as [string, string, string];
  await seedEditor(ann, "editor");
  await seedEditor(bob, "publisher");
  await seedEditor(cy, "editor");
  const [annOut, annStays, bobIn, cyIn] = [await signIn(ann), await signIn(ann), await signIn(bob), await signIn(cy)];
  const sockets: Socket[] = [];
  for (const cookie of [annOut, annStays, bobIn, cyIn]) sockets.push(await openSocket("pages:2", cookie));
  for (const socket of sockets) every(socket, 500, "ping");
  await sleep(PERIOD_MS / 2);
  singleReads.reset();
  const from = turns.length;
  // Both changes in D1 alone, then one push: the room's single read must find both.
  await env.DB.prepare("DELETE FROM editor_sessions WHERE id = ?1").bind(await sessionIdOf(annOut)).run();
  await seedEditor(bob, "editor");
  await tellSessionRooms(env, { editorId: String((await env.DB.prepare("SELECT id FROM editors WHERE email = ?1").bind(bob).first<{ id: number }>())!.id) }, { ended: false });
  const [out, demoted] = [sockets[0]!, sockets[2]!];
  expect(await closedWithin(out.closed, PERIOD_MS + 15_000)).toBe(ROOM_CLOSE.NO_EDITOR);
  expect(await closedWithin(demoted.closed, PERIOD_MS + 15_000)).toBe(ROOM_CLOSE.ACCESS_CHANGED);
  const counted = turns.slice(from);
  expect(counted.map(({ reads }) => reads)).toEqual(counted.map(() => 1));
  expect(singleReads.count()).toBe(0);
  expect([sockets[1]!.ws.readyState, sockets[3]!.ws.readyState]).toEqual([WebSocket.OPEN, WebSocket.OPEN]);
  for (const { ws } of sockets) if (ws.readyState === WebSocket.OPEN) ws.close(1000, "done");
  const both = counted.find(({ answers }) => answers.includes(false) && answers.includes("changed"));
  if (both) expect([...both.answers].map(String).sort()).toEqual(["changed", "false", "true", "true"]);
  return both !== undefined;
}
