import { env, exports } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { encodeEditorHeader, ROOM_EDITOR_HEADER } from "../../src/shared/room-identity";
import { connect, editor, fetchRoom, newPage, until, upgradeRequest, withVersion, YClient } from "../objects/room-client";

const ann = editor("ann");

describe("roomRoute refuses before the room", () => {
  it("answers 426 to a request that is not a WebSocket upgrade", async () => {
    const id = await newPage();
    const res = await fetchRoom(new Request(`https://site.test/parties/page-room/pages:${id}`, { headers: { "x-test-session": JSON.stringify(ann) } }));
    expect(res.status).toBe(426);
    expect(res.webSocket).toBeNull();
  });

  it("answers 401 without an editor, never upgrading", async () => {
    const id = await newPage();
    const res = await fetchRoom(upgradeRequest(`/parties/page-room/pages:${id}`, null));
    expect(res.status).toBe(401);
    expect(res.webSocket).toBeNull();
  });

  it.each([
    ["a cross-site Origin", { origin: "https://evil.test" }],
    ["the null Origin", { origin: "null" }],
  ])("answers 403 to %s", async (_label, headers) => {
    const id = await newPage();
    const res = await fetchRoom(upgradeRequest(`/parties/page-room/pages:${id}`, ann, headers));
    expect(res.status).toBe(403);
    expect(res.webSocket).toBeNull();
  });

  it("answers 403 when neither Origin nor Sec-Fetch-Site proves the site", async () => {
    const id = await newPage();
    const request = upgradeRequest(`/parties/page-room/pages:${id}`, ann);
    const headers = new Headers(request.headers);
    headers.delete("origin");
    expect((await fetchRoom(new Request(request.url, { headers }))).status).toBe(403);
  });

  it.each([
    ["a malformed room name", "/parties/page-room/pages-12", 400],
    ["an unknown collection", "/parties/page-room/posts:1", 404],
    ["a nested path", "/parties/page-room/pages:1/x", 400],
  ])("answers %s with %s", async (_label, path, status) => {
    expect((await fetchRoom(upgradeRequest(path, ann))).status).toBe(status);
  });

  it("accepts a percent-encoded room name as the same room", async () => {
    const id = await newPage({ title: "Encoded" });
    const res = await fetchRoom(upgradeRequest(`/parties/page-room/pages%3A${id}`, ann));
    expect(res.status).toBe(101);
    const client = new YClient(res.webSocket as WebSocket, false);
    client.start();
    await until(() => client.synced);
    expect(client.text("title")).toBe("Encoded");
    client.close();
  });
});

describe("identity rides with the connection", () => {
  it("ignores an identity header the client sent and uses the resolved editor", async () => {
    const id = await newPage();
    const forged = encodeEditorHeader(editor("mallory", true));
    const res = await fetchRoom(upgradeRequest(`/parties/page-room/pages:${id}`, ann, { [ROOM_EDITOR_HEADER]: forged }));
    const client = new YClient(res.webSocket as WebSocket, true);
    client.start();
    client.awareness?.setLocalState({ user: { name: "mallory" }, cursor: null });
    const watcher = await connect(id, editor("wat"), { awareness: true });
    await until(() => [...(watcher.awareness?.getStates().values() ?? [])].some((s) => (s.user as { name?: string })?.name === "ann"));
    const names = [...(watcher.awareness?.getStates().values() ?? [])].map((s) => (s.user as { name?: string } | undefined)?.name);
    expect(names).not.toContain("mallory");
    client.close();
    watcher.close();
  });

  it("closes a connection that reached the room without the Worker's identity (4401)", async () => {
    const id = await newPage();
    const room = env.PAGE_ROOM.get(env.PAGE_ROOM.idFromName(`pages:${id}`));
    const res = await room.fetch(`https://site.test${withVersion(`/parties/page-room/pages:${id}`)}`, { headers: { upgrade: "websocket" } });
    const client = new YClient(res.webSocket as WebSocket, false);
    await until(() => client.closed !== null);
    expect(client.closed?.code).toBe(4401);
  });

  it("closes the connection with 4404 when the page does not exist", async () => {
    const res = await fetchRoom(upgradeRequest("/parties/page-room/pages:987654321", ann));
    const client = new YClient(res.webSocket as WebSocket, false);
    await until(() => client.closed !== null);
    expect(client.closed?.code).toBe(4404);
  });

  it("with `exists` (as createCms mounts it) refuses a room for an unknown record with 404 before any room starts", async () => {
    const { seedDemoEditors, signIn, SITE } = await import("../site/demo-helpers");
    await seedDemoEditors();
    const cookie = await signIn("ed@demo.test");
    const upgrade = (id: number) => exports.default.fetch(`${SITE}/parties/page-room/pages:${id}`, { headers: { upgrade: "websocket", origin: SITE, cookie } });
    const unknown = await upgrade(987654320);
    expect(unknown.status).toBe(404);
    expect(unknown.webSocket).toBeNull();
    expect(await unknown.json()).toMatchObject({ code: "not_found" });
    // No room ran for it: a room that receives a request stores its name before anything else, so
    // its storage is empty (a count, not a time: a busy machine makes a refusal slow too).
    const room = env.PAGE_ROOM.get(env.PAGE_ROOM.idFromName("pages:987654320"));
    expect(await runInDurableObject(room, (_room: unknown, state) => state.storage.list().then((entries) => [...entries.keys()]))).toEqual([]);
    const known = await upgrade(await newPage());
    expect(known.status).toBe(101);
    const client = new YClient(known.webSocket as WebSocket, false);
    client.close();
  });
});
