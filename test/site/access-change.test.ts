import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { SESSION_CHECK } from "../../src/objects/room-access";
import { ROOM_CLOSE, ROOM_PROTOCOL_VERSION } from "../../src/shared/room-protocol";
import { seedDemo, seedEditor, signIn, SITE } from "./demo-helpers";
import { closedWithin, eventually, heartbeat, json, listedRooms, openSocket, roomTimers, type Socket } from "./session-helpers";

/*
 * A change of role or scope, or a removed account, takes effect on open sockets at once: the team
 * route tells the rooms holding the account's connections (`room_sessions`), and each confirms its
 * connections then. The sockets here only heartbeat (answered by the runtime, never waking the
 * room) and the room's own session alarm is a minute away, so only the push can close them within
 * the second allowed, well inside the 3 s any recheck of the room's would need.
 */
const PUSH_BOUND_MS = 1_000;
/** The room's session alarm is at least this far off while its editors are quiet (`sessionSafetyMs`, 60 s). */
const QUIET_ALARM_MS = 50_000;

let admin = "";

beforeAll(async () => {
  await seedDemo();
  await seedEditor("boss@demo.test", "admin");
  admin = await signIn("boss@demo.test");
});

async function idOf(email: string): Promise<number> {
  return (await env.DB.prepare("SELECT id FROM editors WHERE email = ?1").bind(email).first<{ id: number }>())!.id;
}

/* A heartbeating socket of `email` in pages:2, listed in `room_sessions`, with no session alarm near. */
async function quietSocket(email: string): Promise<Socket> {
  const socket = await openSocket("pages:2", await signIn(email));
  heartbeat(socket);
  await eventually(async () => (await listedRooms(email)).includes("pages:2"));
  expect((await roomTimers("pages:2"))[SESSION_CHECK]).toBeGreaterThan(QUIET_ALARM_MS);
  return socket;
}

function team(method: "PATCH" | "DELETE", id: number, body?: Record<string, unknown>): Promise<Response> {
  return exports.default.fetch(`${SITE}/api/cms/editors/${id}`, { method, headers: json(admin), ...(body ? { body: JSON.stringify(body) } : {}) });
}

describe("a change of access closes open sockets at once, by a push", () => {
  it("a demoted publisher's socket that only heartbeats is closed with 4409 as the change answers, and its next REST write is refused", async () => {
    await seedEditor("dee@demo.test", "publisher");
    const { closed } = await quietSocket("dee@demo.test");
    const cookie = await signIn("dee@demo.test");
    expect((await team("PATCH", await idOf("dee@demo.test"), { role: "editor" })).status).toBe(200);
    expect(await closedWithin(closed, PUSH_BOUND_MS)).toBe(ROOM_CLOSE.ACCESS_CHANGED);
    const publish = await exports.default.fetch(`${SITE}/api/cms/pages/2/publish`, { method: "POST", headers: json(cookie), body: "{}" });
    expect(publish.status).toBe(403);
    expect(await publish.json()).toMatchObject({ code: "forbidden_publish" });
  }, 40_000);

  it("a re-scoped editor's socket is closed with 4409 at once; reconnecting is refused (4403) under the new scope, and so is a REST write", async () => {
    await seedEditor("rex@demo.test", "editor");
    const cookie = await signIn("rex@demo.test");
    const { closed } = await quietSocket("rex@demo.test");
    expect((await team("PATCH", await idOf("rex@demo.test"), { scopes: { paths: ["/blog-"] } })).status).toBe(200);
    expect(await closedWithin(closed, PUSH_BOUND_MS)).toBe(ROOM_CLOSE.ACCESS_CHANGED);
    const response = await exports.default.fetch(`${SITE}/parties/page-room/pages:2?v=${ROOM_PROTOCOL_VERSION}`, { headers: { cookie, origin: SITE, upgrade: "websocket" } });
    const again = response.webSocket!;
    again.accept();
    const refused = new Promise<number>((resolve) => again.addEventListener("close", (event) => resolve(event.code)));
    expect(await closedWithin(refused, 15_000)).toBe(ROOM_CLOSE.OUT_OF_SCOPE);
    const save = await exports.default.fetch(`${SITE}/api/cms/pages/2/versions`, { method: "POST", headers: json(cookie), body: JSON.stringify({ title: "Still mine?" }) });
    expect(save.status).toBe(403);
    expect(await save.json()).toMatchObject({ code: "out_of_scope" });
  }, 40_000);

  it("removing an account deletes its sessions (the row cascades) and closes its open socket (4401) at once; its rows in room_sessions go", async () => {
    await seedEditor("gone@demo.test", "editor");
    const id = await idOf("gone@demo.test");
    const { closed } = await quietSocket("gone@demo.test");
    expect((await team("DELETE", id)).status).toBe(204);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM editor_sessions WHERE editor_id = ?1").bind(id).first<{ n: number }>()).toEqual({ n: 0 });
    expect(await closedWithin(closed, PUSH_BOUND_MS)).toBe(ROOM_CLOSE.NO_EDITOR);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM room_sessions WHERE editor_id = ?1").bind(String(id)).first<{ n: number }>()).toEqual({ n: 0 });
  }, 40_000);
});
