import { env, exports } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { SESSION_CHECK } from "../../src/objects/room-access";
import { ROOM_CLOSE, ROOM_PROTOCOL_VERSION } from "../../src/shared/room-protocol";
import { seedDemo, seedEditor, signIn, SITE } from "./demo-helpers";

/*
 * A change of role or scope, or a removed account, takes effect on open sockets at once: the room
 * confirms every connection's session on its own clock (`sessionRecheckMs`, 3 s), so a socket that
 * only heartbeats (answered by the runtime, never waking the room) is closed too. The contract's
 * "within 5 s" is read from the room's clock (its next confirmation is due within the period when
 * the change is made); the close itself is awaited with a wide bound, since a busy machine runs a
 * due alarm late.
 */
const PERIOD_MS = 3_000;
const CLOSE_BOUND_MS = 15_000;
const json = (cookie: string) => ({ cookie, origin: SITE, "content-type": "application/json" });
const SYNC_STEP_1 = new Uint8Array([0, 0, 1, 0]);

beforeAll(seedDemo);

async function openSocket(cookie: string): Promise<{ ws: WebSocket; closed: Promise<number> }> {
  const response = await exports.default.fetch(`${SITE}/parties/page-room/pages:2?v=${ROOM_PROTOCOL_VERSION}`, { headers: { cookie, origin: SITE, upgrade: "websocket" } });
  expect(response.status).toBe(101);
  const ws = response.webSocket!;
  ws.accept();
  const closed = new Promise<number>((resolve) => ws.addEventListener("close", (event) => resolve(event.code)));
  ws.send(SYNC_STEP_1);
  return { ws, closed };
}

/* The client's heartbeat, and nothing else, until the socket closes. */
function heartbeat(ws: WebSocket, closed: Promise<number>): void {
  const timer = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send("ping"), 500);
  void closed.then(() => clearInterval(timer));
}

/*
 * How long until the room of pages:2 next confirms its connections' sessions, on the room's clock,
 * once it holds one due (it does from the first connection that carries a session).
 */
async function nextConfirmationIn(): Promise<number> {
  const room = env.PAGE_ROOM.get(env.PAGE_ROOM.idFromName("pages:2"));
  const dueIn = () =>
    runInDurableObject(room, (_room: unknown, state) => {
      const tables = state.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM sqlite_master WHERE name = 'room_timers'").one().n;
      const row = tables ? state.storage.sql.exec<{ at: number }>("SELECT at FROM room_timers WHERE kind = ?", SESSION_CHECK).toArray()[0] : undefined;
      return row ? row.at - Date.now() : null;
    });
  // Polled here: the room tests' `until` comes with their room configuration, not the site's.
  for (const deadline = Date.now() + CLOSE_BOUND_MS; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 10))) {
    const due = await dueIn();
    if (due !== null) return due;
  }
  throw new Error("the room holds no session confirmation");
}

/* The close code, or "still open" after `ms`. */
function closedWithin(closed: Promise<number>, ms: number): Promise<number | "still open"> {
  return Promise.race([closed, new Promise<"still open">((resolve) => setTimeout(() => resolve("still open"), ms))]);
}

describe("a change of access closes open sockets", () => {
  it("a demoted publisher's socket that only heartbeats is closed with 4409 within 5 s, and its next REST write is refused", async () => {
    await seedEditor("dee@demo.test", "publisher");
    const cookie = await signIn("dee@demo.test");
    const { ws, closed } = await openSocket(cookie);
    heartbeat(ws, closed);
    expect(await nextConfirmationIn()).toBeLessThanOrEqual(PERIOD_MS);
    await env.DB.prepare("UPDATE editors SET role = 'editor' WHERE email = 'dee@demo.test'").run();
    expect(await closedWithin(closed, CLOSE_BOUND_MS)).toBe(ROOM_CLOSE.ACCESS_CHANGED);
    const publish = await exports.default.fetch(`${SITE}/api/cms/pages/2/publish`, { method: "POST", headers: json(cookie), body: "{}" });
    expect(publish.status).toBe(403);
    expect(await publish.json()).toMatchObject({ code: "forbidden_publish" });
  }, 40_000);

  it("a re-scoped editor's socket is closed with 4409; reconnecting is refused (4403) under the new scope, and so is a REST write", async () => {
    await seedEditor("rex@demo.test", "editor");
    const cookie = await signIn("rex@demo.test");
    const { ws, closed } = await openSocket(cookie);
    heartbeat(ws, closed);
    expect(await nextConfirmationIn()).toBeLessThanOrEqual(PERIOD_MS);
    await env.DB.prepare(`UPDATE editors SET scopes = '{"paths":["/blog-"]}' WHERE email = 'rex@demo.test'`).run();
    expect(await closedWithin(closed, CLOSE_BOUND_MS)).toBe(ROOM_CLOSE.ACCESS_CHANGED);
    const again = await openSocket(cookie);
    expect(await closedWithin(again.closed, CLOSE_BOUND_MS)).toBe(ROOM_CLOSE.OUT_OF_SCOPE);
    const save = await exports.default.fetch(`${SITE}/api/cms/pages/2/versions`, { method: "POST", headers: json(cookie), body: JSON.stringify({ title: "Still mine?" }) });
    expect(save.status).toBe(403);
    expect(await save.json()).toMatchObject({ code: "out_of_scope" });
  }, 40_000);

  it("removing an account deletes its sessions (the row cascades) and closes its open socket (4401) within 5 s", async () => {
    await seedEditor("gone@demo.test", "editor");
    const cookie = await signIn("gone@demo.test");
    const { id } = (await env.DB.prepare("SELECT id FROM editors WHERE email = 'gone@demo.test'").first<{ id: number }>())!;
    const { ws, closed } = await openSocket(cookie);
    heartbeat(ws, closed);
    expect(await nextConfirmationIn()).toBeLessThanOrEqual(PERIOD_MS);
    await env.DB.prepare("DELETE FROM editors WHERE id = ?1").bind(id).run();
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM editor_sessions WHERE editor_id = ?1").bind(id).first<{ n: number }>()).toEqual({ n: 0 });
    expect(await closedWithin(closed, CLOSE_BOUND_MS)).toBe(ROOM_CLOSE.NO_EDITOR);
  }, 40_000);
});
