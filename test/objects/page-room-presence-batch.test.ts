import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configureRoom, connect, editor, newPage, until, type YClient } from "./room-client";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/*
 * A tick wide enough that moves sent in one turn nearly always reach the room within one tick (at
 * the default 40 ms a loaded run often split them over two; a burst that splits is made again, see
 * `burstsUntilOne`); waits "past the tick" are this plus a margin.
 */
const TICK_MS = 300;
const PAST_TICK_MS = TICK_MS + 150;
beforeAll(() => configureRoom({ presenceTickMs: TICK_MS }));
afterAll(() => configureRoom());

/* A cursor move: a field caret at `offset` (a new state, so a new clock). */
function move(client: YClient, offset: number): void {
  client.awareness?.setLocalState({ cursor: null, field: { address: "pages:1:title", anchor: offset, head: offset } });
}

/* The clock `watcher` holds for `client`'s presence. */
function clockSeen(watcher: YClient, client: YClient): number {
  return watcher.awareness?.meta.get(client.doc.clientID)?.clock ?? -1;
}

/* How many bursts a test makes at most before it concludes its moves never reach a peer as one message. */
const ROUNDS = 4;

/*
 * Makes `burst()` (moves made in one turn, by the clients it returns) and waits until `watcher`
 * holds each one's new clock, then past the tick; repeats, at most `ROUNDS` times, until a burst
 * reached it as one message, and returns the frames the last burst came in. A tick is a window of
 * time, and a busy machine can deliver one burst's messages to the room over two of them: a split
 * burst proves nothing either way, but a room that sends a message per move never sends a burst
 * as one.
 */
async function burstsUntilOne(watcher: YClient, burst: () => YClient[]): Promise<[number, number][][]> {
  let frames: [number, number][][] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const before = watcher.presenceFrames.length;
    const movers = burst();
    const clocks = movers.map((mover) => mover.awareness?.meta.get(mover.doc.clientID)?.clock ?? 0);
    await until(() => movers.every((mover, i) => clockSeen(watcher, mover) === clocks[i]));
    await sleep(PAST_TICK_MS); // nothing more comes of this burst
    frames = watcher.presenceFrames.slice(before);
    if (frames.length === 1) break;
  }
  return frames;
}

/* Joins `names` with presence and waits until `watcher` sees every one of them. */
async function crowd(id: number, watcher: YClient, names: string[]): Promise<YClient[]> {
  const members: YClient[] = [];
  for (const name of names) {
    const member = await connect(id, editor(name), { awareness: true });
    move(member, 0);
    members.push(member);
  }
  await until(() => members.every((member) => watcher.awareness?.getStates().has(member.doc.clientID) === true));
  return members;
}

describe("PageRoom: presence goes out once per tick", () => {
  it("cursor moves of several editors within one tick reach a peer as one message carrying all of them", async () => {
    const id = await newPage();
    const watcher = await connect(id, editor("wat"), { awareness: true });
    const movers = await crowd(id, watcher, ["m1", "m2", "m3", "m4", "m5"]);
    await sleep(PAST_TICK_MS); // the joins' own ticks have gone out
    const frames = await burstsUntilOne(watcher, () => {
      movers.forEach((mover) => move(mover, 3));
      return movers;
    });
    expect(frames).toHaveLength(1);
    expect(frames[0]?.map(([clientID]) => clientID).sort()).toEqual(movers.map((mover) => mover.doc.clientID).sort());
    [watcher, ...movers].forEach((client) => client.close());
  });

  it("an editor's own moves are not sent back to it, and several moves in a tick go out as the last", async () => {
    const id = await newPage();
    const watcher = await connect(id, editor("wat"), { awareness: true });
    const [mover] = (await crowd(id, watcher, ["mov"])) as [YClient];
    await sleep(PAST_TICK_MS);
    const ownBefore = mover.presenceFrames.length;
    const frames = await burstsUntilOne(watcher, () => {
      for (let offset = 1; offset <= 4; offset++) move(mover, offset);
      return [mover];
    });
    const last = mover.awareness?.meta.get(mover.doc.clientID)?.clock ?? 0;
    expect(frames).toEqual([[[mover.doc.clientID, last]]]);
    expect(watcher.awareness?.getStates().get(mover.doc.clientID)?.field).toEqual({ address: "pages:1:title", anchor: 4, head: 4 });
    expect(mover.presenceFrames.length).toBe(ownBefore);
    [watcher, mover].forEach((client) => client.close());
  });

  it("a cursor that keeps moving reaches a peer while it moves (not once it stops)", async () => {
    const id = await newPage();
    const watcher = await connect(id, editor("wat"), { awareness: true });
    const [mover] = (await crowd(id, watcher, ["mov"])) as [YClient];
    await sleep(PAST_TICK_MS);
    const before = watcher.presenceFrames.length;
    const firstClock = clockSeen(watcher, mover) + 1;
    let arrivedWhileMoving = false;
    // A move every 10 ms for at least four ticks: a timer pushed back by each move would send
    // nothing until the moves stop.
    for (let offset = 1; offset <= (4 * TICK_MS) / 10; offset++) {
      move(mover, offset);
      arrivedWhileMoving ||= clockSeen(watcher, mover) >= firstClock;
      await sleep(10);
    }
    expect(arrivedWhileMoving).toBe(true);
    expect(watcher.presenceFrames.length - before).toBeGreaterThan(1);
    [watcher, mover].forEach((client) => client.close());
  });

  it("an editor who moves and leaves at once leaves no presence behind", async () => {
    const id = await newPage();
    const watcher = await connect(id, editor("wat"), { awareness: true });
    const [mover] = (await crowd(id, watcher, ["mov"])) as [YClient];
    move(mover, 2);
    mover.close();
    await until(() => watcher.awareness?.getStates().has(mover.doc.clientID) === false);
    await sleep(PAST_TICK_MS); // past the tick that held the move
    expect(watcher.awareness?.getStates().has(mover.doc.clientID)).toBe(false);
    watcher.close();
  });

  it("a cursor move writes the connection's attachment once", async () => {
    const id = await newPage();
    const watcher = await connect(id, editor("wat"), { awareness: true });
    const [mover] = (await crowd(id, watcher, ["mov"])) as [YClient];
    await sleep(PAST_TICK_MS);
    // Counts writes of the mover's attachment (each a structured-clone copy into its socket); the
    // real method still stores. Other sockets (another file's rooms in this isolate) are not counted,
    // nor the commit queue's write of the acknowledged count alone (`acked`, at most once a second:
    // the join's sync is acknowledged too), which is no part of a cursor move.
    type Attachment = { __user?: { editor?: { id?: unknown }; acked?: unknown } } | null;
    const write = WebSocket.prototype.serializeAttachment;
    let writes = 0;
    let last: Attachment = null;
    const withoutAcked = (value: Attachment) => JSON.stringify({ ...value, __user: { ...value?.__user, acked: null } });
    WebSocket.prototype.serializeAttachment = function (this: WebSocket, value: unknown) {
      const attachment = value as Attachment;
      if (attachment?.__user?.editor?.id === "ed-mov") {
        const ackedOnly = last !== null && last.__user?.acked !== attachment.__user?.acked && withoutAcked(last) === withoutAcked(attachment);
        if (!ackedOnly) writes++;
        last = attachment;
      }
      return write.call(this, value);
    };
    try {
      // Move 0 is not counted: it gives `last` the attachment the counted moves start from.
      for (let offset = 0; offset <= 10; offset++) {
        move(mover, offset);
        const clock = mover.awareness?.meta.get(mover.doc.clientID)?.clock ?? 0;
        await until(() => clockSeen(watcher, mover) === clock);
        if (offset === 0) writes = 0;
      }
    } finally {
      WebSocket.prototype.serializeAttachment = write;
    }
    expect(writes).toBe(10);
    [watcher, mover].forEach((client) => client.close());
  });
});
