import { describe, expect, it } from "vitest";
import YProvider from "y-partyserver/provider";
import * as Y from "yjs";
import { MESSAGE_AWARENESS } from "../../src/shared/room-protocol";
import { sendOwnPresenceOnly } from "../../src/client/collab/own-presence";
import { connect, editor, fetchRoom, newPage, until, upgradeRequest, type YClient } from "./room-client";
import type { EditorSession } from "../../src/shared/session";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * y-partyserver's provider (the one the browser client builds on) on a real socket to page `id`'s
 * room: the socket is opened through the room route first and handed to the provider as its
 * WebSocket. `sent` collects the awareness messages the provider sends.
 */
async function providerIn(id: number, session: EditorSession): Promise<{ provider: YProvider; sent: Uint8Array[] }> {
  const response = await fetchRoom(upgradeRequest(`/parties/page-room/pages:${id}`, session));
  const socket = response.webSocket;
  if (!socket) throw new Error(`upgrade failed: ${response.status}`);
  socket.accept();
  const sent: Uint8Array[] = [];
  const send = socket.send.bind(socket);
  socket.send = (data: string | ArrayBuffer | ArrayBufferView) => {
    if (typeof data !== "string") {
      const bytes = data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
      if (bytes[0] === MESSAGE_AWARENESS) sent.push(bytes);
    }
    send(data);
  };
  // An accepted socket is open already; the provider waits for the event a browser's would fire.
  class OpenedSocket {
    constructor() {
      setTimeout(() => socket?.dispatchEvent(new Event("open")));
      return socket as unknown as OpenedSocket;
    }
  }
  const provider = new YProvider("room.test", "page", new Y.Doc(), { disableBc: true, WebSocketPolyfill: OpenedSocket as unknown as typeof WebSocket });
  sendOwnPresenceOnly(provider);
  await until(() => provider.synced);
  return { provider, sent };
}

function move(client: YClient, offset: number): void {
  client.awareness?.setLocalState({ cursor: null, field: { address: "pages:1:title", anchor: offset, head: offset } });
}

describe("the browser client's provider: own presence only", () => {
  it("does not send other editors' cursor moves back to the room, and still sends its own", async () => {
    const id = await newPage();
    const { provider, sent } = await providerIn(id, editor("own"));
    provider.awareness.setLocalStateField("user", { name: "", color: "" });
    const peer = await connect(id, editor("pee"), { awareness: true });
    move(peer, 0);
    await until(() => provider.awareness.getStates().has(peer.doc.clientID));
    const before = sent.length;
    for (let offset = 1; offset <= 5; offset++) {
      move(peer, offset);
      const clock = peer.awareness?.meta.get(peer.doc.clientID)?.clock ?? 0;
      await until(() => provider.awareness.meta.get(peer.doc.clientID)?.clock === clock);
    }
    await sleep(100);
    expect(sent.length).toBe(before);

    provider.awareness.setLocalStateField("field", { address: "pages:1:title", anchor: 2, head: 2 });
    await until(() => (peer.awareness?.getStates().get(provider.awareness.clientID)?.field as { anchor?: number } | undefined)?.anchor === 2);
    expect(sent.length).toBe(before + 1);
    provider.destroy();
    peer.close();
  });
});
