// A crowd: 100 editors in one room (ROOM_CROWD_SIZE), one typing, every other one moving its
// cursor through awareness every ~second (ROOM_CROWD_CURSOR_MS, each on its own phase), as a room
// full of people reading along does. PageRoom against a bare y-partyserver room, alternating rounds,
// each round's rooms new and holding the same document. Per round: the join of the whole crowd
// (server CPU and wall time; every join asks who owns its new client id, so this is where a join
// cost that grows with the crowd shows), fan-out p50/p99 of the writer's keystrokes to every other
// editor while the cursors move, server CPU per keystroke, and every close of any client.
import * as Y from "yjs";
import { untilQuiet, withCpu } from "../lib/cpu.mjs";
import { alternate, latencySummary, median, ratioFigure, roundRatios } from "../lib/stats.mjs";
import { editorHeaders, freshParagraph, joinRoom, roundPages, sleep, startFrom, until } from "./room-clients.mjs";

export const name = "room-crowd-100";

/** Editors in the room, the writer included; the bench signs in this many accounts and more. */
export const CROWD = Number(process.env.ROOM_CROWD_SIZE ?? 100);
const CURSOR_MS = Number(process.env.ROOM_CROWD_CURSOR_MS ?? 1000);
const EDITS = Number(process.env.ROOM_CROWD_100_EDITS ?? 100);
const ROUNDS = Number(process.env.ROOM_CROWD_100_ROUNDS ?? 2);
/* Pause between keystrokes: a brisk typist, so the cursors' traffic is what the keystrokes meet. */
const KEYSTROKE_GAP_MS = 50;
/* Longest wait for a join to sync: the machine is shared. */
const SLOW_MS = 60_000;
/* Longest wait for a keystroke to reach every editor before the round counts as stalled. */
const STALL_MS = 20_000;

/*
 * By default clients send only their own awareness changes, as the editor's client does
 * (`sendOwnPresenceOnly`). ROOM_CROWD_ECHO=1: as stock providers do, they send back every change
 * they receive, so each presence message of the room comes back from each of the N-1 others.
 */
const ECHO = process.env.ROOM_CROWD_ECHO === "1";

function sendOwnAwarenessOnly(provider) {
  const handler = provider._awarenessUpdateHandler;
  provider.awareness.off("change", handler);
  provider.awareness.on("change", (changes, origin) => void (origin === "local" && handler(changes, origin)));
}

/* A collapsed cursor after `index` characters of `text`, as y-prosemirror writes it (relative positions). */
function caretAt(text, index) {
  const at = Y.relativePositionToJSON(Y.createRelativePositionFromTypeIndex(text, index));
  return { anchor: at, head: at };
}

/* Moves each watcher's cursor through `texts` (its view of the paragraph) every CURSOR_MS, phases spread; returns a stop. */
function moveCursors(watchers, texts) {
  const timers = watchers.map(({ provider }, i) => {
    const text = texts[i];
    const move = () => provider.awareness.setLocalStateField("cursor", caretAt(text, Math.floor(Math.random() * (text.length + 1))));
    const phase = setTimeout(() => (timers[i].interval = setInterval(move, CURSOR_MS)), (CURSOR_MS * i) / watchers.length);
    return { phase, interval: null };
  });
  return () => timers.forEach(({ phase, interval }) => (clearTimeout(phase), clearInterval(interval)));
}

async function measureCrowd({ baseUrl, headers, party, room, start, pid }) {
  // A round starts once the runtime has drained the last one: a bare room that stalled leaves a
  // backlog of its crowd's cursor traffic behind its closed sockets, which the next round paid for
  // (one run's second PageRoom round: CPU per keystroke 1.6× its first, p99 187 ms against 70).
  const quietAfterMs = await untilQuiet(pid);
  if (quietAfterMs > 5000) process.stdout.write(`room-crowd-100: ${party}: the runtime was quiet after ${Math.round(quietAfterMs)} ms\n`);
  const t0 = performance.now();
  const { value: joined, cpuUs: joinCpuUs } = await withCpu(pid, () => joinRoom(baseUrl, party, room, headers, CROWD - 1, SLOW_MS));
  const joinMs = performance.now() - t0;
  const { writer, watchers } = joined;
  const everyone = [writer, ...watchers];
  if (!ECHO) everyone.forEach(({ provider }) => sendOwnAwarenessOnly(provider));
  let closes = 0;
  let counting = true;
  for (const { provider } of everyone) provider.on("connection-close", () => void (counting && closes++));
  // A room still busy with the last round's crowd may not hand this one its document in time: that
  // round counts as stalled before its first keystroke, rather than ending the whole bench.
  try {
    await startFrom(writer, watchers, start);
  } catch {
    for (const { provider } of everyone) provider.destroy();
    process.stdout.write(`room-crowd-100: ${party}: the crowd did not have the starting document in time; round ended\n`);
    return { p50: NaN, p99: NaN, samples: 0, cpuUsPerEdit: NaN, joinCpuUsPerJoin: joinCpuUs / CROWD, joinMs, closes, stalled: 1 };
  }
  writer.provider.awareness.setLocalStateField("user", { name: "Bench writer" });
  const { text, index } = await freshParagraph(writer, watchers, `${party}: the crowd's paragraph`);
  const watched = watchers.map(({ doc }) => doc.getXmlFragment("body").get(index).get(0));
  const stopCursors = moveCursors(watchers, watched);
  await sleep(CURSOR_MS); // every cursor has moved once before the keystrokes are timed
  const sent = new Map();
  const latencies = [];
  for (const received of watched) {
    received.observe(() => {
      const at = sent.get(received.length);
      if (at !== undefined) latencies.push(performance.now() - at);
    });
  }
  // A keystroke that has not reached every editor within STALL_MS ends the round: the room has
  // fallen behind its crowd, which is a figure (`stalledAt`), not a crash of the whole bench.
  let typed = 0;
  let stalledAt = null;
  const { cpuUs } = await withCpu(pid, async () => {
    for (let i = 1; i <= EDITS; i++) {
      sent.set(i, performance.now());
      writer.doc.transact(() => text.insert(text.length, "x"));
      writer.provider.awareness.setLocalStateField("cursor", caretAt(text, i));
      try {
        await until(() => watched.every((received) => received.length >= i), STALL_MS);
      } catch {
        stalledAt = { edit: i, arrived: watched.filter((received) => received.length >= i).length };
        break;
      }
      typed = i;
      await sleep(KEYSTROKE_GAP_MS);
    }
  });
  stopCursors();
  counting = false;
  for (const { provider } of everyone) provider.destroy();
  if (stalledAt) process.stdout.write(`room-crowd-100: ${party}: keystroke ${stalledAt.edit} reached ${stalledAt.arrived} of ${watchers.length} editors in ${STALL_MS / 1000} s; round ended\n`);
  const result = { ...latencySummary(latencies), cpuUsPerEdit: cpuUs / Math.max(1, typed), joinCpuUsPerJoin: joinCpuUs / CROWD, joinMs, closes, stalled: stalledAt ? 1 : 0 };
  // Each round's figures as it ends: a later round that fails still leaves these.
  const figure = (n) => (Number.isFinite(n) ? Math.round(n) : n);
  process.stdout.write(
    `room-crowd-100: ${party}: ${typed} keystrokes, fan-out p50 ${figure(result.p50)} ms p99 ${figure(result.p99)} ms, CPU ${figure(result.cpuUsPerEdit)} µs/keystroke, join ${figure(result.joinCpuUsPerJoin)} µs/join ${figure(joinMs)} ms, closes ${closes}\n`,
  );
  return result;
}

export async function run({ baseUrl, cookies, workerdPid }) {
  if (cookies.length < CROWD + 1) throw new Error(`room-crowd-100 needs ${CROWD + 1} signed-in editors, the bench has ${cookies.length}`);
  const headers = cookies.map((cookie) => editorHeaders(baseUrl, cookie));
  const stamp = Date.now().toString(36);
  const rounds = await roundPages(baseUrl, ROUNDS, headers[CROWD]);
  const common = { baseUrl, headers, pid: workerdPid };
  const { page, bare } = await alternate(ROUNDS, {
    page: (round) => measureCrowd({ ...common, party: "page-room", room: rounds[round].room, start: rounds[round].start }),
    bare: (round) => measureCrowd({ ...common, party: "bare-room", room: `crowd100-${stamp}-${round}`, start: rounds[round].start }),
  });
  const med = (runs, key) => median(runs.map((r) => r[key]));
  const row = (label, runs) => ({ scenario: label, rps: med(runs, "cpuUsPerEdit"), p50: med(runs, "p50"), p99: med(runs, "p99") });
  const joinRow = (label, runs) => ({ scenario: label, rps: med(runs, "joinCpuUsPerJoin"), p50: med(runs, "joinMs") });
  const allCloses = page.reduce((n, r) => n + r.closes, 0);
  return {
    rows: [
      row(`${CROWD} editors via PageRoom, 1 typing, ${CROWD - 1} moving cursors (req/s column: server CPU µs per keystroke)`, page),
      row(`${CROWD} editors via bare YServer (baseline)`, bare),
      joinRow(`${CROWD} editors joining PageRoom (req/s column: server CPU µs per join; p50 column: whole crowd's join, ms)`, page),
      joinRow(`${CROWD} editors joining bare YServer (baseline)`, bare),
    ],
    figures: {
      "PageRoom fan-out p99 ms": med(page, "p99"),
      "PageRoom closes (all rounds)": allCloses,
      "bare closes (all rounds)": bare.reduce((n, r) => n + r.closes, 0),
      "PageRoom rounds stalled (a keystroke not everywhere in 20 s)": page.reduce((n, r) => n + r.stalled, 0),
      "bare rounds stalled": bare.reduce((n, r) => n + r.stalled, 0),
    },
    ratios: {
      p99ms: ratioFigure(page.map((r) => (r.stalled ? Infinity : r.p99)), { op: "<=", value: 100 }, `${CROWD} editors fan-out p99 via PageRoom, ms`),
      closes: ratioFigure([allCloses], { op: "<=", value: 0 }, `${CROWD} editors: closes in PageRoom, all rounds`),
      p50: ratioFigure(roundRatios(page, bare, "p50"), null, `${CROWD} editors fan-out p50, PageRoom ÷ bare`),
      p99: ratioFigure(roundRatios(page, bare, "p99"), null, `${CROWD} editors fan-out p99, PageRoom ÷ bare`),
      cpu: ratioFigure(roundRatios(page, bare, "cpuUsPerEdit"), null, `${CROWD} editors server CPU per keystroke, PageRoom ÷ bare`),
      join: ratioFigure(roundRatios(page, bare, "joinCpuUsPerJoin"), null, `${CROWD} editors server CPU per join, PageRoom ÷ bare`),
    },
  };
}
