import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { dropRefused } from "../../src/client/collab/drop-refused";
import { DurabilityTracker, type Durability } from "../../src/client/collab/durability";
import { structRanges } from "../../src/objects/room-wire";
import { UpdateAcks } from "../../src/shared/room-acks";
import { fakeTimers } from "./fake-timers";

const STEP1 = new Uint8Array([0, 0, 1, 0]);
const STEP2 = new Uint8Array([0, 1, 2, 0, 0]);
const UPDATE = new Uint8Array([0, 2, 2, 0, 0]);
const AWARENESS = new Uint8Array([1, 1, 0]);

function tracker(open = true) {
  const clock = fakeTimers();
  const states: Durability[] = [];
  const durability = new DurabilityTracker({ overdueMs: 4000, isOpen: () => open, onChange: (state) => states.push(state), timers: clock.timers });
  durability.opened();
  durability.sent(STEP1);
  durability.sent(STEP2);
  durability.acked(1);
  return { durability, states, clock };
}

describe("UpdateAcks: what a connection sent against what the room acknowledged", () => {
  it("counts only update-bearing sync frames (step 2 and update)", () => {
    const acks = new UpdateAcks();
    for (const frame of [STEP1, STEP2, UPDATE, AWARENESS, "__YPS:{}", UPDATE.buffer]) acks.sent(frame);
    expect(acks.sentCount()).toBe(3);
    acks.acked(2);
    expect(acks.waiting()).toBe(1);
  });

  it("ignores acknowledgements that go backwards, are not whole numbers, or claim more than was sent", () => {
    const acks = new UpdateAcks();
    acks.sent(UPDATE);
    acks.sent(UPDATE);
    for (const bogus of [-1, 1.5, "2", null, Number.NaN]) acks.acked(bogus);
    expect(acks.waiting()).toBe(2);
    acks.acked(99);
    expect(acks.waiting()).toBe(0);
    acks.sent(UPDATE);
    acks.acked(1);
    expect(acks.waiting()).toBe(1);
  });
});

describe("DurabilityTracker: saved means acknowledged", () => {
  it("is saving from an edit until the room acknowledges the frame that carried it", () => {
    const { durability, states } = tracker();
    expect(durability.state()).toBe("saved");
    durability.sent(UPDATE);
    durability.edited();
    expect(durability.state()).toBe("saving");
    durability.acked(1);
    expect(durability.state()).toBe("saving");
    durability.acked(2);
    expect(durability.state()).toBe("saved");
    expect(states).toEqual(["saving", "saved"]);
  });

  it("an edit made with no connection is saved only once a new connection's step 2 is acknowledged", () => {
    const { durability } = tracker();
    durability.edited();
    durability.opened();
    durability.sent(STEP1);
    durability.acked(0);
    expect(durability.state()).toBe("saving");
    durability.sent(STEP2);
    durability.acked(1);
    expect(durability.state()).toBe("saved");
  });

  it("turns overdue when no acknowledgement comes on an open socket, and not while offline", () => {
    const open = tracker(true);
    open.durability.sent(UPDATE);
    open.durability.edited();
    open.clock.advance(3999);
    expect(open.durability.state()).toBe("saving");
    open.clock.advance(1);
    expect(open.durability.state()).toBe("overdue");
    open.durability.acked(2);
    expect(open.durability.state()).toBe("saved");

    const closed = tracker(false);
    closed.durability.edited();
    closed.clock.advance(10_000);
    expect(closed.durability.state()).toBe("saving");
  });

  it("starts saving when the device copy may hold edits the room lacks", () => {
    const durability = new DurabilityTracker({ overdueMs: 4000, isOpen: () => true, onChange: () => undefined, startDirty: true, timers: fakeTimers().timers });
    expect(durability.state()).toBe("saving");
  });
});

describe("dropRefused: a refused change leaves the document, the rest stays", () => {
  it("removes exactly the refused items, keeps later typing, and the next handshake carries no refused content", () => {
    const doc = new Y.Doc();
    const room = new Y.Doc();
    const title = doc.getText("title");
    title.insert(0, "keep ");
    Y.applyUpdate(room, Y.encodeStateAsUpdate(doc));
    let refused: Uint8Array | null = null;
    doc.once("update", (update: Uint8Array) => (refused = update));
    title.insert(5, "BAD");
    title.insert(8, " later");
    const items = structRanges(Y.decodeUpdate(refused!).structs);
    expect(dropRefused(doc, items)).toBe(1);
    expect(title.toString()).toBe("keep  later");
    const handshake = Y.encodeStateAsUpdate(doc, Y.encodeStateVector(room));
    const carried = Y.decodeUpdate(handshake).structs.filter((struct) => struct instanceof Y.Item && !(struct.content instanceof Y.ContentDeleted));
    expect(carried.map((struct) => (struct as Y.Item).content.getContent().join(""))).toEqual([" later"]);
    Y.applyUpdate(room, handshake);
    expect(room.getText("title").toString()).toBe("keep  later");
  });

  it("takes a refused link mark out of rich text and leaves its words", () => {
    const doc = new Y.Doc();
    const body = doc.getXmlFragment("body");
    const paragraph = new Y.XmlElement("paragraph");
    const text = new Y.XmlText();
    paragraph.insert(0, [text]);
    body.insert(0, [paragraph]);
    text.insert(0, "click here");
    let refused: Uint8Array | null = null;
    doc.once("update", (update: Uint8Array) => (refused = update));
    text.format(6, 4, { link: { href: "javascript:alert(1)" } });
    dropRefused(doc, structRanges(Y.decodeUpdate(refused!).structs));
    expect(text.toDelta()).toEqual([{ insert: "click here" }]);
    const again = Y.decodeUpdate(Y.encodeStateAsUpdate(doc)).structs;
    expect(again.some((struct) => struct instanceof Y.Item && struct.content instanceof Y.ContentFormat)).toBe(false);
  });

  it("ignores malformed ranges and ranges of unknown clients", () => {
    const doc = new Y.Doc();
    doc.getText("t").insert(0, "x");
    expect(dropRefused(doc, [[-1, 0, 1], [doc.clientID + 1, 0, 1], [doc.clientID, 5, 1], [doc.clientID, 0, Number.NaN]])).toBe(0);
    expect(doc.getText("t").toString()).toBe("x");
  });
});
