import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { SESSION_CHECK } from "../../src/objects/room-access";
import { setDefaultLogSink, type LogLine } from "../../src/shared/request-log";
import { ROOM_CLOSE } from "../../src/shared/room-protocol";
import { EDGE_CF } from "../helpers/http";
import { seedDemo, seedEditor, signIn, SITE } from "./demo-helpers";
import { closedWithin, eventually, heartbeat, json, listedRooms, openSocket, roomTimers } from "./session-helpers";

/*
 * A sign-out (and a password reset, which ends every session of the account) closes the sign-in's
 * open sockets in every room at once: the session route tells the rooms `room_sessions` lists for
 * it. The sockets only heartbeat and the rooms' session alarms are a minute away, so nothing but
 * the push closes them within the second allowed.
 */
const PUSH_BOUND_MS = 1_000;
const QUIET_ALARM_MS = 50_000;

beforeAll(seedDemo);

const signOut = (cookie: string) => exports.default.fetch(`${SITE}/api/cms/session`, { method: "DELETE", headers: json(cookie) });

describe("a sign-out closes the session's open sockets at once, by a push", () => {
  it("an editor in two rooms signs out: both rooms close the socket (4401) as the sign-out answers; their other sign-in stays, and the rows go", async () => {
    await seedEditor("two@demo.test", "editor");
    const [leaving, staying] = [await signIn("two@demo.test"), await signIn("two@demo.test")];
    const first = await openSocket("pages:1", leaving);
    const second = await openSocket("pages:2", leaving);
    const other = await openSocket("pages:2", staying);
    for (const socket of [first, second, other]) heartbeat(socket);
    await eventually(async () => (await listedRooms("two@demo.test")).length === 3);
    for (const room of ["pages:1", "pages:2"]) expect((await roomTimers(room))[SESSION_CHECK]).toBeGreaterThan(QUIET_ALARM_MS);
    expect((await signOut(leaving)).status).toBe(204);
    expect(await closedWithin(first.closed, PUSH_BOUND_MS)).toBe(ROOM_CLOSE.NO_EDITOR);
    expect(await closedWithin(second.closed, PUSH_BOUND_MS)).toBe(ROOM_CLOSE.NO_EDITOR);
    expect(other.ws.readyState).toBe(WebSocket.OPEN);
    await eventually(async () => (await listedRooms("two@demo.test")).join() === "pages:2");
    // The last connection of a sign-in in a room closes: the room drops its row.
    other.ws.close(1000, "done");
    await eventually(async () => (await listedRooms("two@demo.test")).length === 0);
  }, 40_000);

  it("a stale row (a room that no longer holds the sign-in) does no harm: the sign-out answers 204, the live room closes its socket, and the stale row goes", async () => {
    await seedEditor("stale@demo.test", "editor");
    const cookie = await signIn("stale@demo.test");
    const socket = await openSocket("pages:2", cookie);
    heartbeat(socket);
    await eventually(async () => (await listedRooms("stale@demo.test")).includes("pages:2"));
    const { session_id: sid, editor_id: editorId } = (await env.DB.prepare("SELECT session_id, editor_id FROM room_sessions WHERE room = 'pages:2' AND editor_id = (SELECT CAST(id AS TEXT) FROM editors WHERE email = 'stale@demo.test')").first<{ session_id: string; editor_id: string }>())!;
    // Rows a room never dropped: one nobody has open (never started), one whose record does not exist.
    await env.DB.prepare("INSERT INTO room_sessions (room, session_id, editor_id) VALUES ('pages:1', ?1, ?2), ('pages:999', ?1, ?2)").bind(sid, editorId).run();
    expect((await signOut(cookie)).status).toBe(204);
    expect(await closedWithin(socket.closed, PUSH_BOUND_MS)).toBe(ROOM_CLOSE.NO_EDITOR);
    expect(await listedRooms("stale@demo.test")).toEqual([]);
  }, 40_000);

  it("notes of sign-ins that ended without a push (expired, or a room stopped by a deploy) go when the account's next connection is admitted; a live sign-in's stay", async () => {
    await seedEditor("swept@demo.test", "editor");
    const [first, second] = [await signIn("swept@demo.test"), await signIn("swept@demo.test")];
    const kept = await openSocket("pages:1", first);
    heartbeat(kept);
    await eventually(async () => (await listedRooms("swept@demo.test")).includes("pages:1"));
    const { editor_id: editorId } = (await env.DB.prepare("SELECT editor_id FROM room_sessions WHERE room = 'pages:1' AND editor_id = (SELECT CAST(id AS TEXT) FROM editors WHERE email = 'swept@demo.test')").first<{ editor_id: string }>())!;
    // Rows nothing dropped: sessions that no longer exist, in rooms that are not running.
    await env.DB.prepare("INSERT INTO room_sessions (room, session_id, editor_id) VALUES ('pages:5', 'gone-1', ?1), ('pages:6', 'gone-2', ?1)").bind(editorId).run();
    expect(await listedRooms("swept@demo.test")).toEqual(["pages:1", "pages:5", "pages:6"]);
    const joining = await openSocket("pages:2", second);
    heartbeat(joining);
    await eventually(async () => (await listedRooms("swept@demo.test")).join() === "pages:1,pages:2");
    for (const socket of [kept, joining]) socket.ws.close(1000, "done");
  }, 40_000);

  it("a password reset ends every sign-in of the account and closes its sockets (4401) at once", async () => {
    await seedEditor("reset@demo.test", "editor");
    await seedEditor("resetter@demo.test", "admin");
    const admin = await signIn("resetter@demo.test");
    const socket = await openSocket("pages:1", await signIn("reset@demo.test"));
    heartbeat(socket);
    await eventually(async () => (await listedRooms("reset@demo.test")).includes("pages:1"));
    const { id } = (await env.DB.prepare("SELECT id FROM editors WHERE email = 'reset@demo.test'").first<{ id: number }>())!;
    const link = await exports.default.fetch(`${SITE}/api/cms/editors/${id}/reset`, { method: "POST", headers: json(admin) });
    expect(link.status).toBe(201);
    const path = new URL(((await link.json()) as { url: string }).url).pathname;
    const slash = path.lastIndexOf("/");
    const password = "a long and unusual passphrase";
    const done = await exports.default.fetch(
      new Request(`${SITE}${path.slice(0, slash)}`, {
        method: "POST",
        headers: { origin: SITE, "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": "203.0.113.77" },
        body: new URLSearchParams({ token: path.slice(slash + 1), password, confirm: password }).toString(),
        cf: EDGE_CF,
        redirect: "manual",
      }),
    );
    expect(done.status).toBe(303);
    expect(await closedWithin(socket.closed, PUSH_BOUND_MS)).toBe(ROOM_CLOSE.NO_EDITOR);
    expect(await listedRooms("reset@demo.test")).toEqual([]);
  }, 40_000);

  it("a push that cannot be made does not fail the sign-out: it answers 204 and logs why through the site's log sink, under the request's id", async () => {
    await seedEditor("unlogged@demo.test", "editor");
    const cookie = await signIn("unlogged@demo.test");
    const lines: LogLine[] = [];
    setDefaultLogSink((line) => lines.push(line));
    // The rooms cannot be looked up: the table is away.
    await env.DB.prepare("ALTER TABLE room_sessions RENAME TO room_sessions_away").run();
    try {
      const answer = await signOut(cookie);
      expect(answer.status).toBe(204);
      const failures = lines.filter((line) => line.level === "error");
      expect(failures).toHaveLength(1);
      expect(failures[0]).toMatchObject({ requestId: answer.headers.get("x-request-id"), action: "DELETE /api/cms/session" });
      expect(failures[0]!.level === "error" && failures[0]!.cause).toMatch(/the rooms could not be told of a session change[\s\S]*caused by: .*no such table: room_sessions/);
    } finally {
      await env.DB.prepare("ALTER TABLE room_sessions_away RENAME TO room_sessions").run();
      setDefaultLogSink(null);
    }
  });
});
