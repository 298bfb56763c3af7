import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import * as Y from "yjs";
import type { PageRoom } from "../../src/objects/PageRoom";
import { encodeAwarenessMessage } from "../../src/objects/room-wire";
import { ROOM_CLOSE, type RoomEvent } from "../../src/shared/room-protocol";
import { connect, editor, newestDraft, newPage, until, YClient } from "./room-client";

/*
 * Every Yjs item carries its author's client id and clock. A connection that sends items under
 * another connection's id, at that client's next clocks, makes the room drop the real author's
 * next edit (Yjs takes the first item with an id) while the author is still acknowledged.
 */
function stub(id: number) {
  return env.PAGE_ROOM.get(env.PAGE_ROOM.idFromName(`pages:${id}`)) as DurableObjectStub<PageRoom>;
}

/** Items under `victim`'s client id at its next clocks, sent from `attacker`'s connection. */
function forge(victim: YClient, attacker: YClient, text: string): void {
  const forged = new Y.Doc();
  Y.applyUpdate(forged, Y.encodeStateAsUpdate(victim.doc));
  // Taken after the victim's items are in: Yjs gives a document a new id when remote items arrive under its own.
  forged.clientID = victim.doc.clientID;
  const before = Y.encodeStateVector(forged);
  const title = forged.getText("title");
  title.insert(title.length, text);
  // Applied under another origin than the client's own, so its update handler sends it.
  Y.applyUpdate(attacker.doc, Y.encodeStateAsUpdate(forged, before), "forged");
}

/** A client that joins with the client id (and document) of an earlier one, as a stock provider's reconnect does. */
async function rejoin(id: number, earlier: YClient, name: string): Promise<YClient> {
  const client = await connect(id, editor(name), { sync: false });
  Y.applyUpdate(client.doc, Y.encodeStateAsUpdate(earlier.doc), client);
  client.doc.clientID = earlier.doc.clientID;
  client.start();
  await until(() => client.synced);
  return client;
}

describe("PageRoom: Yjs client ids belong to the connection that uses them", () => {
  it("refuses items under another editor's client id and keeps the victim's next edit", async () => {
    const id = await newPage({ title: "" });
    const ann = await connect(id, editor("ann"));
    ann.doc.getText("title").insert(0, "AAA");
    await until(() => ann.acknowledged());
    const eve = await connect(id, editor("eve"));
    await until(() => eve.text("title") === "AAA");
    forge(ann, eve, "EVIL");
    await until(() => eve.closed !== null);
    expect(eve.closed?.code).toBe(ROOM_CLOSE.REFUSED);
    const refused = eve.events.find((event): event is Extract<RoomEvent, { type: "refused" }> => event.type === "refused");
    expect(refused?.reason).toBe(`client id ${ann.doc.clientID} belongs to another editor's connection`);
    // Nothing for the sender to take back: items under another's id may be that editor's own, relayed.
    expect(refused?.items).toEqual([]);
    ann.doc.getText("title").insert(3, "BBB");
    await until(() => ann.acknowledged());
    const cy = await connect(id, editor("cy"));
    expect(cy.text("title")).toBe("AAABBB");
    expect(ann.text("title")).toBe("AAABBB");
    ann.close();
    await until(async () => (await newestDraft(id))?.title === "AAABBB");
    cy.close();
  });

  it("lets a stock client reconnect with its client id, after its old socket closed or before", async () => {
    const id = await newPage({ title: "" });
    const first = await connect(id, editor("ann"));
    first.doc.getText("title").insert(0, "one");
    await until(() => first.acknowledged());
    const clientID = first.doc.clientID;
    // The same editor again while the first socket is still open (a reconnect racing the old close).
    // The first document then receives items under its own id, and Yjs says it picks a new one.
    const yjsNote = vi.spyOn(console, "log").mockImplementation(() => undefined);
    const second = await rejoin(id, first, "ann");
    second.doc.getText("title").insert(3, " two");
    await until(() => second.acknowledged());
    await until(() => first.doc.clientID !== clientID);
    yjsNote.mockRestore();
    expect(second.doc.clientID).toBe(clientID);
    expect(second.closed).toBeNull();
    first.close();
    await until(() => first.closed !== null);
    // And after it closed: the id is free again, for its author.
    second.close();
    await until(() => second.closed !== null);
    const third = await rejoin(id, second, "ann");
    third.doc.getText("title").insert(7, " three");
    await until(() => third.acknowledged());
    expect(third.doc.clientID).toBe(clientID);
    expect(third.closed).toBeNull();
    const cy = await connect(id, editor("cy"));
    expect(cy.text("title")).toBe("one two three");
    third.close();
    cy.close();
  });

  it("a peer sending back a departed editor's presence (as stock clients do) does not take its client id", async () => {
    const id = await newPage({ title: "" });
    const ann = await connect(id, editor("ann"), { awareness: true });
    ann.awareness?.setLocalState({ cursor: null });
    ann.doc.getText("title").insert(0, "one");
    await until(() => ann.acknowledged());
    const bob = await connect(id, editor("bob"), { awareness: true });
    await until(() => bob.awareness?.getStates().has(ann.doc.clientID) === true);
    const stamped = bob.awareness?.getStates().get(ann.doc.clientID) ?? null;
    ann.close();
    await until(() => bob.awareness?.getStates().has(ann.doc.clientID) === false);
    // What a stock provider sends on each awareness change it receives: the removal, and later states.
    bob.sendRaw(encodeAwarenessMessage([{ clientID: ann.doc.clientID, clock: 50, state: null }]));
    bob.sendRaw(encodeAwarenessMessage([{ clientID: ann.doc.clientID, clock: 51, state: stamped }]));
    const again = await rejoin(id, ann, "ann");
    again.doc.getText("title").insert(3, " two");
    await until(() => again.acknowledged() || again.closed !== null);
    expect(again.closed).toBeNull();
    expect(bob.text("title")).toBe("one two");
    again.close();
    bob.close();
  });

  it("a peer relaying an editor's edits the room lost (after a restart) does not take that editor's id", async () => {
    const id = await newPage({ title: "" });
    // Dan's edits, which a peer received and the room lost before it stored them.
    const dan = new Y.Doc();
    dan.getText("title").insert(0, "dan");
    const cy = await connect(id, editor("cy"), { awareness: true });
    const watcher = await connect(id, editor("wes"), { awareness: true });
    cy.awareness?.setLocalState({ cursor: null });
    // Cy is a peer with presence before the relay: its presence may otherwise reach the room after it.
    await until(() => watcher.awareness?.getStates().has(cy.doc.clientID) === true);
    Y.applyUpdate(cy.doc, Y.encodeStateAsUpdate(dan), "relayed");
    await until(() => cy.acknowledged());
    // Dan reconnects with his document and types on under his own id.
    const again = await connect(id, editor("dan"), { sync: false });
    Y.applyUpdate(again.doc, Y.encodeStateAsUpdate(dan), again);
    again.doc.clientID = dan.clientID;
    again.start();
    await until(() => again.synced);
    again.doc.getText("title").insert(3, " again");
    await until(() => again.acknowledged() || again.closed !== null);
    expect(again.closed).toBeNull();
    await until(() => cy.text("title") === "dan again");
    again.close();
    watcher.close();
    cy.close();
  });

  it("keeps the ids a connection wrote under in its attachment, so a room woken from hibernation still enforces them", async () => {
    const id = await newPage({ title: "" });
    const ann = await connect(id, editor("ann"));
    ann.doc.getText("title").insert(0, "AAA");
    await until(() => ann.acknowledged());
    const written = await runInDurableObject(stub(id), (_room: PageRoom, state) =>
      state.getWebSockets().map((socket) => {
        // The raw attachment, not partyserver's view of it: what a woken room reads back.
        const attachment = WebSocket.prototype.deserializeAttachment.call(socket) as { __user?: { writes?: number[] } };
        return attachment.__user?.writes ?? [];
      }),
    );
    expect(written).toEqual([[ann.doc.clientID]]);
    const eve = await connect(id, editor("eve"));
    forge(ann, eve, "EVIL");
    await until(() => eve.closed !== null);
    expect(eve.closed?.code).toBe(ROOM_CLOSE.REFUSED);
    ann.close();
  });
});
