import { describe, expect, it } from "vitest";
import { ROOM_CLOSE, ROOM_MIN_PROTOCOL_VERSION, ROOM_PROTOCOL_VERSION } from "../../src/shared/room-protocol";
import { editor, fetchRoom, newPage, until, upgradeRequest, YClient } from "./room-client";

/* Opens page `id`'s room through the Worker's gate with exactly the query `query`, and starts the handshake. */
async function open(id: number, query: string): Promise<YClient> {
  const current = upgradeRequest(`/parties/page-room/pages:${id}`, editor("ann"));
  const url = new URL(current.url);
  url.search = query;
  const response = await fetchRoom(new Request(url, current));
  expect(response.status).toBe(101);
  const client = new YClient(response.webSocket!, false);
  client.start();
  return client;
}

describe("PageRoom: the client's protocol version", () => {
  it.each([
    ["no version (a client from before versions)", "", 1],
    ["an older version", `?v=${ROOM_MIN_PROTOCOL_VERSION - 1}`, ROOM_MIN_PROTOCOL_VERSION - 1],
    ["a malformed version", "?v=two", 1],
  ])("a connection with %s is closed with 4426 and a reason, before it syncs", async (_name, query, version) => {
    const id = await newPage({ title: "Kept" });
    const client = await open(id, query);
    await until(() => client.closed !== null);
    expect(client.closed).toEqual({
      code: ROOM_CLOSE.OUTDATED,
      reason: `this editor was updated: reload the page (client protocol ${version}, the room needs ${ROOM_MIN_PROTOCOL_VERSION})`,
    });
    expect(client.synced).toBe(false);
  });

  it("a connection with the current version is accepted and syncs", async () => {
    const id = await newPage({ title: "Current" });
    const client = await open(id, `?v=${ROOM_PROTOCOL_VERSION}`);
    await until(() => client.synced || client.closed !== null);
    expect(client.closed).toBeNull();
    expect(client.text("title")).toBe("Current");
    client.close();
  });
});
