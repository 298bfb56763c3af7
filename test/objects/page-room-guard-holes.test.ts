import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import type { PageRoom } from "../../src/objects/PageRoom";
import { ROOM_CLOSE } from "../../src/shared/room-protocol";
import { connect, editor, newPage, until } from "./room-client";

const stub = (id: number) => env.PAGE_ROOM.get(env.PAGE_ROOM.idFromName(`pages:${id}`)) as DurableObjectStub<PageRoom>;

/*
 * Found by the room fuzzer (issue 25): a client whose update is refused may already have sent the
 * updates built on it. Those arrive after the room closed the connection; each names content the
 * room never took, so the guard cannot place it and Yjs would hold it pending, unchecked, with no
 * one left to refuse. The room ignores every frame of a connection it has closed.
 */
describe("PageRoom after refusing an update", () => {
  it("takes nothing more from that connection: the hostile update sent right after is neither applied nor held", async () => {
    const id = await newPage({ title: "", body: "<p>Start</p>" });
    const client = await connect(id, editor("refused"));
    const body = client.doc.getXmlFragment("body");
    // One tick: an unknown mark (refused), then a paragraph with an off-schema attribute placed after it.
    const refused = new Y.XmlElement("paragraph");
    const text = new Y.XmlText();
    refused.insert(0, [text]);
    body.insert(body.length, [refused]);
    text.insert(0, "x", { blink: true });
    text.insert(1, "y");
    const hostile = new Y.XmlElement("paragraph");
    hostile.setAttribute("onclick", "alert(1)");
    body.insert(body.length, [hostile]);
    await until(() => client.closed !== null);
    expect(client.closed?.code).toBe(ROOM_CLOSE.REFUSED);
    const check = await connect(id, editor("check"));
    const room = await runInDurableObject(stub(id), (r: PageRoom) => ({ pending: r.document.store.pendingStructs !== null, body: r.document.getXmlFragment("body").toString() }));
    expect(room.pending).toBe(false);
    expect(room.body).not.toMatch(/onclick|blink/);
    check.close();
  });
});
