// Storage and memory per room after an hour of simulated typing.
//
// The hour: EDITORS editors (own accounts, so own message budgets) each type KEYSTROKES keystrokes
// (default 7,200: two a second for an hour) into their own paragraphs of a new page's rich `body`
// (a page created for the run, so every run starts from the same small document), through the
// stock PageRoom: one update per keystroke, a backspace every tenth, Enter (a new paragraph) every
// 400. Time is compressed: each editor sends at RATE (default 90) messages a second, inside the
// room's 100/s sustained (400 burst) and 256 KB/s, and holds back while more than WINDOW of its
// keystrokes are not yet through the room (see typeHour). Then every editor's copy must match a
// watcher's and a fresh client's, and the room reports its stored bytes against the compacted
// state (`/__bench/room-stats`; goal ≤ 2, the store's compaction rule).
//
// Memory: the hour's document (the converged state) is seeded into ROOMS + 1 page rooms and as
// many bare YServer rooms that load the same bytes from their own storage (`bench/wake-rooms.ts`).
// Each side is measured in a fresh runtime (the bench server is restarted on the same state, so
// neither side inherits the other's heap): one room is joined to warm the code paths, the
// runtime's VmRSS is read, then ROOMS rooms are joined sixteen at a time by clients that stay,
// VmRSS read after each group; the slope of VmRSS over rooms open is that side's memory per open
// room (document, the room's own state, its SQLite connection and one connection). Sides alternate
// over ROUNDS rounds. Page rooms' alarms are cancelled after their round: the idle check a connect
// sets would otherwise wake all of them inside the next round's runtime.
// Limits: RSS also counts garbage of the loads that V8 has not collected yet, and moves in the
// allocator's steps, so the figure is an upper bound that moves by up to ~0.1 MB per room from
// round to round here; the ratio is informational (the issue sets no goal for memory).
import * as Y from "yjs";
import { rssBytes } from "../lib/memory.mjs";
import { alternate, median, ratioFigure, roundRatios } from "../lib/stats.mjs";
import { editorHeaders, freshPageRoom, join, sleep, until } from "./room-clients.mjs";
import { seedRoom, silenceRoom, timeToSync, WAKE_BARE, WAKE_PAGE } from "./room-seed.mjs";

export const name = "room-hour";

const EDITORS = Number(process.env.ROOM_HOUR_EDITORS ?? 4);
const KEYSTROKES = Number(process.env.ROOM_HOUR_KEYSTROKES ?? 7_200);
const RATE = Number(process.env.ROOM_HOUR_RATE ?? 90);
/* Most keystrokes of one editor the room may have in hand (sent, not yet seen by the watcher). */
const WINDOW = 100;
const ROOMS = Number(process.env.ROOM_HOUR_ROOMS ?? 80);
const ROUNDS = Number(process.env.ROOM_HOUR_ROUNDS ?? 3);
/* Rooms joined at once between RSS readings, and the pause before each reading (lets the joins' work finish). */
const GROUP = 16;
const GROUP_PAUSE_MS = 750;

/*
 * One editor's hour: its own paragraphs, keystrokes on a fixed schedule, and never more than
 * WINDOW of its characters not yet seen by the watcher. The window matters: if the room stalls
 * (a draft write, a busy machine), the keystrokes queued meanwhile reach it back to back, and a
 * queue longer than the room's burst of 400 would be closed (4429) however slowly it was typed.
 */
async function typeHour(doc, watcher, closes) {
  const body = doc.getXmlFragment("body");
  const inFlight = () => Y.getState(doc.store, doc.clientID) - Y.getState(watcher.store, doc.clientID);
  let text = null;
  const start = performance.now();
  for (let i = 0; i < KEYSTROKES; i++) {
    if (closes.count > 0) throw new Error(`an editor was closed by the room (${closes.reason}) while typing`);
    if (inFlight() > WINDOW) await until(() => inFlight() <= WINDOW, 30_000, "the room stopped passing keystrokes on");
    if (i % 400 === 0) {
      const paragraph = new Y.XmlElement("paragraph");
      text = new Y.XmlText();
      paragraph.insert(0, [text]);
      body.insert(body.length, [paragraph]);
    } else if (i % 10 === 9) text.delete(text.length - 1, 1);
    else text.insert(text.length, "etaoin shrdlu"[i % 13]);
    const due = start + ((i + 1) * 1000) / RATE;
    await sleep(Math.max(0, due - performance.now()));
  }
}

async function typingHour({ baseUrl, cookies, room }) {
  // The watcher sees every keystroke the room accepted; its copy becomes the hour's document.
  const watcher = await join(baseUrl, "page-room", room, editorHeaders(baseUrl, cookies[0]));
  const editors = [];
  for (let i = 0; i < EDITORS; i++) editors.push(await join(baseUrl, "page-room", room, editorHeaders(baseUrl, cookies[1 + i])));
  const closes = { count: 0, reason: "" };
  for (const { provider } of [watcher, ...editors]) {
    provider.on("connection-close", (event) => {
      closes.count++;
      closes.reason = `${event?.code} ${event?.reason}`;
    });
  }
  const t0 = performance.now();
  try {
    await Promise.all(editors.map(({ doc }) => typeHour(doc, watcher.doc, closes)));
    const want = () => watcher.doc.getXmlFragment("body").toString();
    await until(() => editors.every(({ doc }) => doc.getXmlFragment("body").toString() === want()), 60_000, "the editors' copies did not converge with the room's");
    const seconds = (performance.now() - t0) / 1000;
    // A client joining afresh gets the room's own document: it must be the one everybody holds.
    const checker = await join(baseUrl, "page-room", room, editorHeaders(baseUrl, cookies[EDITORS + 1]));
    const same = checker.doc.getXmlFragment("body").toString() === want();
    checker.provider.destroy();
    if (!same) throw new Error("the room's document differs from the editors' copies");
    return { state: Y.encodeStateAsUpdate(watcher.doc), seconds };
  } finally {
    for (const { provider } of [watcher, ...editors]) provider.destroy();
  }
}

/* Least-squares slope of `y` over `x`. */
function slope(points) {
  const mean = (key) => points.reduce((sum, p) => sum + p[key], 0) / points.length;
  const mx = mean("x");
  const my = mean("y");
  const cov = points.reduce((sum, p) => sum + (p.x - mx) * (p.y - my), 0);
  const variance = points.reduce((sum, p) => sum + (p.x - mx) ** 2, 0);
  return cov / variance;
}

/*
 * One side in a fresh runtime: RSS growth per open room over `rooms[1..]`, `rooms[0]` warming up.
 * RSS is read before and after each group of joins; the slope over all readings is steadier than
 * the two ends alone, as a collection that happens to run during one group moves one point only.
 */
async function memoryRound({ baseUrl, restartServer, party, rooms, headers }) {
  const pid = await restartServer();
  const clients = [(await timeToSync(baseUrl, party, rooms[0], headers)).provider];
  const points = [];
  const read = async (x) => {
    await sleep(GROUP_PAUSE_MS);
    const y = rssBytes(pid);
    if (!Number.isFinite(y)) throw new Error(`cannot read VmRSS of workerd ${pid} from /proc`);
    points.push({ x, y });
  };
  try {
    await read(0);
    for (let i = 1; i < rooms.length; i += GROUP) {
      const group = rooms.slice(i, i + GROUP).map((room) => timeToSync(baseUrl, party, room, headers));
      for (const { provider } of await Promise.all(group)) clients.push(provider);
      await read(clients.length - 1);
    }
    for (const room of rooms) await silenceRoom(baseUrl, party, room);
    return { perRoomBytes: slope(points), points };
  } finally {
    for (const provider of clients) provider.destroy();
  }
}

export async function run(ctx) {
  const { baseUrl, cookie, cookies, firstPageId } = ctx;
  if (!ctx.restartServer) throw new Error("room-hour needs the bench runner's restartServer");
  if (cookies.length < EDITORS + 2) throw new Error(`room-hour needs ${EDITORS + 2} bench editors, the runner made ${cookies.length}`);
  const room = await freshPageRoom(baseUrl);
  const { state, seconds } = await typingHour({ baseUrl, cookies, room });
  const res = await fetch(`${baseUrl}/__bench/room-stats/${encodeURIComponent(room)}`);
  if (!res.ok) throw new Error(`room-stats answered ${res.status}`);
  const stats = await res.json();

  // Page ids of the bench's own pages, in the wake rooms' namespace (never PAGE_ROOM's objects).
  const pageRooms = Array.from({ length: ROOMS + 1 }, (_, i) => `pages:${firstPageId + 100 + i}`);
  const bareRooms = Array.from({ length: ROOMS + 1 }, (_, i) => `hour-${i}`);
  for (const r of pageRooms) await seedRoom(baseUrl, WAKE_PAGE, r, state);
  for (const r of bareRooms) await seedRoom(baseUrl, WAKE_BARE, r, state);
  const { page, bare } = await alternate(ROUNDS, {
    page: () => memoryRound({ baseUrl, restartServer: ctx.restartServer, party: WAKE_PAGE, rooms: pageRooms, headers: editorHeaders(baseUrl, cookie) }),
    bare: () => memoryRound({ baseUrl, restartServer: ctx.restartServer, party: WAKE_BARE, rooms: bareRooms, headers: {} }),
  });
  const kb = (runs) => median(runs.map((r) => r.perRoomBytes)) / 1024;
  const typed = EDITORS * KEYSTROKES;
  return {
    rows: [
      { scenario: `an hour of typing, ${EDITORS} editors, ${typed} keystrokes (req/s column: keystrokes/s sent)`, rps: typed / seconds, p50: NaN, p99: NaN },
      { scenario: `memory per open room holding that document via PageRoom (req/s column: KB)`, rps: kb(page), p50: NaN, p99: NaN },
      { scenario: `memory per open room holding that document via bare YServer (baseline, KB)`, rps: kb(bare), p50: NaN, p99: NaN },
    ],
    rounds: { page, bare },
    figures: { storedBytes: stats.storedBytes, compactedBytes: stats.compactedBytes, contentBytes: stats.contentBytes },
    ratios: {
      stored: ratioFigure([stats.storedBytes / stats.compactedBytes], { op: "<=", value: 2 }, `stored bytes ÷ compacted document after an hour of typing (${typed} keystrokes)`),
      memory: ratioFigure(roundRatios(page, bare, "perRoomBytes"), null, "memory per open room after an hour of typing, PageRoom ÷ bare"),
    },
  };
}
