// Shared by the fan-out scenarios: one writer types into a room while `receivers` editors watch,
// through PageRoom (identity, checks, rate limits, SQLite persistence of every update) and through
// a bare y-partyserver room in the same worker. Per round: latency from the writer's edit to each
// receiver seeing it, the server's CPU per edit (the workerd runtime, from /proc), the bytes the
// receivers got per keystroke, awareness apart, and in PageRoom the writer's acknowledgement latency.
import * as Y from "yjs";
import { cpuMicros, withCpu } from "../lib/cpu.mjs";
import { latencySummary } from "../lib/stats.mjs";
import { ackSummary, ackTimer } from "./author-acks.mjs";
import { freshParagraph, joinRoom, sleep, startFrom, until } from "./room-clients.mjs";

/* y-protocols message types: the first varint of every frame. */
const AWARENESS = 1;

function countBytes(clients) {
  const tally = { sync: 0, awareness: 0 };
  const listeners = clients.map(({ provider }) => {
    const ws = provider.ws;
    const listener = (data) => {
      const bytes = data instanceof Buffer ? data : Buffer.from(data);
      if (bytes[0] === AWARENESS) tally.awareness += bytes.length;
      else tally.sync += bytes.length;
    };
    ws.on("message", listener);
    return () => ws.off("message", listener);
  });
  return { tally, stop: () => listeners.forEach((off) => off()) };
}

/* A collapsed cursor after `index` characters of `text`, as y-prosemirror writes it (relative positions). */
function caretAt(text, index) {
  const at = Y.relativePositionToJSON(Y.createRelativePositionFromTypeIndex(text, index));
  return { anchor: at, head: at };
}

/**
 * One round in one room. With `cursor`, the writer also moves its awareness cursor on every
 * keystroke, as an editor's client does. With `start` (a Yjs update), the room is given that
 * document first, so rooms compared with each other hold the same one.
 */
export async function measureRound({ baseUrl, headers, party, room, receivers, edits, cursor = false, start = null, pid }) {
  const { writer, watchers } = await joinRoom(baseUrl, party, room, headers, receivers);
  if (start) await startFrom(writer, watchers, start);
  // Closes by the room's message limit (4429) during the round: a round with any is not clean fan-out.
  let rateLimited = 0;
  for (const { provider } of [writer, ...watchers]) provider.on("connection-close", (event) => void (event?.code === 4429 && rateLimited++));
  if (cursor) writer.provider.awareness.setLocalStateField("user", { name: "Bench writer" });
  await sleep(200); // let join-time awareness settle before counting
  // Each round types into a fresh paragraph (the room's draft writes are part of what is
  // measured); sequence numbers are that paragraph's text length.
  const { text, index } = await freshParagraph(writer, watchers, "the round's paragraph");
  const sent = new Map();
  const latencies = [];
  const watched = watchers.map(({ doc }) => doc.getXmlFragment("body").get(index).get(0));
  for (const received of watched) {
    received.observe(() => {
      const t0 = sent.get(received.length);
      if (t0 !== undefined) latencies.push(performance.now() - t0);
    });
  }
  const bytes = countBytes(watchers);
  const { cpuUs } = await withCpu(pid, async () => {
    for (let i = 1; i <= edits; i++) {
      sent.set(i, performance.now());
      writer.doc.transact(() => text.insert(text.length, "x"));
      if (cursor) writer.provider.awareness.setLocalStateField("cursor", caretAt(text, i));
      await until(() => watched.every((received) => received.length >= i), 10_000, `edit ${i} did not fan out`);
      await sleep(2);
    }
  });
  bytes.stop();
  for (const c of [writer, ...watchers]) c.provider.destroy();
  return {
    ...latencySummary(latencies),
    cpuUsPerEdit: cpuUs / edits,
    syncBytesPerEdit: bytes.tally.sync / edits,
    awarenessBytesPerEdit: bytes.tally.awareness / edits,
    rateLimited,
  };
}

/*
 * Joins a writer and `receivers` watchers to one room, gives it the starting document `start` (when
 * set) and the writer a fresh paragraph to type into. With `acks` (a page room), the writer's
 * acknowledgements are timed too.
 */
async function typingRoom({ baseUrl, headers, party, room, receivers, acks = false, start = null }) {
  const { writer, watchers } = await joinRoom(baseUrl, party, room, headers, receivers);
  if (start) await startFrom(writer, watchers, start);
  const side = { writer, watchers, rateLimited: 0, latencies: [], cpuUs: 0, sentAt: 0, waiting: null, acks: acks ? ackTimer(writer.provider) : null };
  for (const { provider } of [writer, ...watchers]) provider.on("connection-close", (event) => void (event?.code === 4429 && side.rateLimited++));
  const { text, index } = await freshParagraph(writer, watchers, `${party}: the round's paragraph`);
  side.text = text;
  // Each watcher reports the moment the edit under way reaches it; the last report ends the wait.
  for (const { doc } of watchers) {
    const received = doc.getXmlFragment("body").get(index).get(0);
    received.observe(() => {
      if (!side.waiting || received.length < side.waiting.length) return;
      side.latencies.push(performance.now() - side.sentAt);
      if (++side.waiting.arrived === watchers.length) side.waiting.done();
    });
  }
  return side;
}

/* Rejects with `message` unless `promise` settles within `ms`. */
function within(promise, ms, message) {
  let timer;
  const timeout = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/*
 * How long each keystroke's CPU is read over, on every side alike, from the edit: past the slowest
 * side's acknowledgement (PageRoom's commit comes a group-commit window after its broadcast) and
 * the work a keystroke leaves behind it. Read up to each side's own last arrival instead, a side
 * that finishes later reads more of what the keystrokes before it left to do: on 2026-12-01, the
 * bare room's keystrokes read 390 µs more CPU each (of ~1,200) with 16 ms of nothing added to
 * their window, and PageRoom's 25% less with its commit window at 0 ms.
 */
const SPAN_MS = Number(process.env.ROOM_FANOUT_SPAN_MS ?? 60);

/*
 * One keystroke in `side`'s room; resolves once every watcher has it and, in a room that
 * acknowledges, once its author has the acknowledgement (the commit comes after the broadcast, so
 * the server CPU counted for the keystroke includes it), and `SPAN_MS` has passed since the edit,
 * with the server CPU between.
 */
async function keystroke(side, pid) {
  const length = side.text.length + 1;
  const cpu0 = cpuMicros(pid);
  const fannedOut = new Promise((done) => (side.waiting = { length, arrived: 0, done }));
  side.sentAt = performance.now();
  side.writer.doc.transact(() => side.text.insert(side.text.length, "x"));
  const acked = side.acks?.edited(side.sentAt);
  await within(Promise.all([fannedOut, acked]), 10_000, `edit ${length} did not fan out${side.acks ? " or was not acknowledged" : ""}`);
  side.waiting = null;
  await sleep(side.sentAt + SPAN_MS - performance.now());
  side.cpuUs += cpuMicros(pid) - cpu0;
}

/**
 * One paired round: a writer and `receivers` watchers in each of `rooms`
 * (`{ name: { party, room, acks? } }`), each room first given the document `start` (when set, so
 * all type into the same one), keystrokes taken in turn (first one room then the other,
 * the order swapped every keystroke), so each room meets the same machine at the same moment and
 * drift on a shared machine cancels out. Per room: latency from the edit to each watcher having
 * it, the server CPU used over the keystroke's span (`SPAN_MS` from the edit, every room alike), and in a
 * room with `acks` the writer's acknowledgement latency (`ackP50`, `ackP99`).
 */
export async function measurePairedRound({ baseUrl, headers, rooms, receivers, edits, start = null, pid }) {
  const names = Object.keys(rooms);
  const sides = {};
  for (const name of names) sides[name] = await typingRoom({ baseUrl, headers, receivers, start, ...rooms[name] });
  await sleep(200); // let join-time awareness settle
  for (let i = 0; i < edits; i++) {
    for (const name of i % 2 ? [...names].reverse() : names) {
      await keystroke(sides[name], pid);
    }
  }
  const out = {};
  for (const name of names) {
    const side = sides[name];
    for (const c of [side.writer, ...side.watchers]) c.provider.destroy();
    out[name] = {
      ...latencySummary(side.latencies),
      ...(side.acks ? ackSummary(side.acks.latencies) : {}),
      cpuUsPerEdit: side.cpuUs / edits,
      rateLimited: side.rateLimited,
    };
  }
  return out;
}
