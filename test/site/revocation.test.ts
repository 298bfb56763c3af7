import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { ROOM_PROTOCOL_VERSION } from "../../src/shared/room-protocol";
import { seedDemo, seedDemoEditors, signIn, SITE } from "./demo-helpers";

const json = (cookie: string) => ({ cookie, origin: SITE, "content-type": "application/json" });

beforeAll(async () => {
  await seedDemo();
  await seedDemoEditors();
});

function upgrade(cookie: string): Promise<Response> {
  return exports.default.fetch(`${SITE}/parties/page-room/pages:2?v=${ROOM_PROTOCOL_VERSION}`, { headers: { cookie, origin: SITE, upgrade: "websocket" } });
}

/* Ends every session of `email` in D1 alone, as a sign-out whose push to the rooms went missing. */
async function endSessionsOf(email: string): Promise<void> {
  await env.DB.prepare("DELETE FROM editor_sessions WHERE editor_id = (SELECT id FROM editors WHERE email = ?1)").bind(email).run();
}

describe("signing out and removing an editor end access at once", () => {
  it("after sign-out, the old cookie neither saves a draft nor joins a room", async () => {
    const cookie = await signIn("ed@demo.test");
    const before = await exports.default.fetch(`${SITE}/api/cms/pages/2/versions`, { method: "POST", headers: json(cookie), body: JSON.stringify({ title: "Mine" }) });
    expect(before.status).toBe(201);
    const out = await exports.default.fetch(`${SITE}/api/cms/session`, { method: "DELETE", headers: json(cookie) });
    expect(out.status).toBe(204);
    const after = await exports.default.fetch(`${SITE}/api/cms/pages/2/versions`, { method: "POST", headers: json(cookie), body: JSON.stringify({ title: "Still mine?" }) });
    expect(after.status).toBe(401);
    const rejoin = await upgrade(cookie);
    expect(rejoin.status).toBe(401);
    expect(rejoin.webSocket).toBeNull();
  });

  it("after the editor row is deleted, their cookie is refused everywhere", async () => {
    const cookie = await signIn("pub@demo.test");
    expect((await exports.default.fetch(`${SITE}/api/cms/session`, { headers: { cookie } })).status).toBe(200);
    await env.DB.prepare("DELETE FROM editors WHERE email = 'pub@demo.test'").run();
    expect((await exports.default.fetch(`${SITE}/api/cms/session`, { headers: { cookie } })).status).toBe(401);
    expect((await exports.default.fetch(`${SITE}/api/cms/pages/2/publish`, { method: "POST", headers: json(cookie), body: "{}" })).status).toBe(401);
    expect((await upgrade(cookie)).status).toBe(401);
  });

  it("an open room connection whose session ended without a push (a missed one) is closed (4401) at its next message", async () => {
    const cookie = await signIn("ed@demo.test");
    const response = await upgrade(cookie);
    expect(response.status).toBe(101);
    const ws = response.webSocket!;
    ws.accept();
    const closed = new Promise<number>((resolve) => ws.addEventListener("close", (event) => resolve(event.code)));
    const syncStep1 = new Uint8Array([0, 0, 1, 0]);
    ws.send(syncStep1);
    // The session ends in D1 alone: no room is told (a sign-out's push is in session-push.test.ts).
    await endSessionsOf("ed@demo.test");
    // The room confirms a session at most every sessionRecheckMs (3 s), at the connection's next message.
    await new Promise((resolve) => setTimeout(resolve, 5_200));
    ws.send(syncStep1);
    expect(await closed).toBe(4401);
  }, 15_000);

  it("a silent room connection whose session ended without a push (a missed one) is closed (4401) once the room sends it an edit", async () => {
    const listener = await signIn("ed@demo.test");
    const response = await upgrade(listener);
    expect(response.status).toBe(101);
    const ws = response.webSocket!;
    ws.accept();
    const closed = new Promise<number>((resolve) => ws.addEventListener("close", (event) => resolve(event.code)));
    await endSessionsOf("ed@demo.test");
    const writer = await signIn("ed@demo.test");
    await new Promise((resolve) => setTimeout(resolve, 5_200));
    // The listener never speaks; another session's edit goes out to it, and its session is looked at.
    const save = await exports.default.fetch(`${SITE}/api/cms/pages/2/versions`, { method: "POST", headers: json(writer), body: JSON.stringify({ title: "Heard by whom?" }) });
    expect(save.status).toBe(201);
    expect(await closed).toBe(4401);
  }, 15_000);
});

