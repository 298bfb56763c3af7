import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import * as encoding from "lib0/encoding";
import * as syncProtocol from "y-protocols/sync";
import * as Y from "yjs";
import type { PageRoom } from "../../src/objects/PageRoom";
import { BLOCK_RETYPE, SUGGESTIONS_ROOT } from "../../src/shared/review-suggestions";
import { sentOn } from "./frame-order";
import { connect, editor, newPage, until } from "./room-client";

const stub = (id: number) => env.PAGE_ROOM.get(env.PAGE_ROOM.idFromName(`pages:${id}`)) as DurableObjectStub<PageRoom>;

/* An update as the sync frame a client sends. */
function frameOf(update: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, 0);
  syncProtocol.writeUpdate(encoder, update);
  return encoding.toUint8Array(encoder);
}

/* The update `change` makes to `doc`. */
function updateOf(doc: Y.Doc, change: () => void): Uint8Array {
  const before = Y.encodeStateVector(doc);
  doc.transact(change);
  return Y.encodeStateAsUpdate(doc, before);
}

/*
 * Issue 32: the test pool's Durable Object wrapper can hand a socket's frames to the room out of
 * the order they were sent (see frame-order.ts). Here the two frames a client sends in one turn,
 * a retype suggestion's metadata and then the heading naming it, reach the room's entry last one
 * first, as that wrapper resumed them in a failing run; the room must still take them in send order.
 */
describe("a test client's frames reach the room in the order it sent them", () => {
  it("the frame the pool's wrapper resumes first waits for the one sent before it", async () => {
    const id = await newPage({ title: "Hours", body: "<p>Opening hours</p>" });
    const mal = await connect(id, editor("mal"));
    const doc = new Y.Doc();
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(mal.doc));
    const meta = frameOf(
      updateOf(doc, () => {
        const entry = new Y.Map<unknown>();
        for (const [key, value] of Object.entries({ kind: "retype", field: "body", author: "ed-mal", authorName: "Mal", at: "2026-11-29T00:30:00.000Z", from: { type: "paragraph", attrs: {} } })) {
          entry.set(key, value);
        }
        doc.getMap(SUGGESTIONS_ROOT).set("s-mal", entry);
      }),
    );
    const heading = frameOf(
      updateOf(doc, () => {
        const body = doc.getXmlFragment("body");
        const old = body.get(0) as Y.XmlElement;
        const made = new Y.XmlElement<Record<string, string | number>>("heading");
        made.setAttribute("level", 2);
        made.setAttribute(BLOCK_RETYPE, "s-mal");
        made.insert(0, old.toArray().map((child) => (child as Y.XmlText).clone()));
        body.insert(0, [made as unknown as Y.XmlElement]);
        body.delete(1, 1);
      }),
    );
    // Sent in this order on mal's connection…
    sentOn(mal.line as string, meta);
    sentOn(mal.line as string, heading);
    // …and handed to the room's entry the other way round.
    await runInDurableObject(stub(id), async (room: PageRoom, state) => {
      const [socket] = state.getWebSockets();
      await Promise.all([room.webSocketMessage(socket!, heading.slice().buffer), room.webSocketMessage(socket!, meta.slice().buffer)]);
    });
    // The room does not send mal's own frames back to mal: an editor joining now reads what it took.
    const check = await connect(id, editor("check"));
    await until(() => (check.doc.getXmlFragment("body").get(0) as Y.XmlElement).nodeName === "heading" || mal.closed !== null);
    expect(mal.closed).toBeNull();
    expect(check.doc.getMap(SUGGESTIONS_ROOT).has("s-mal")).toBe(true);
    expect((check.doc.getXmlFragment("body").get(0) as Y.XmlElement).getAttribute(BLOCK_RETYPE)).toBe("s-mal");
    check.close();
    mal.close();
  });
});
