// A site's worth of rooms on one runtime: SITE_ROOMS page rooms (default 1,000) opened in a freshly
// started runtime, two editors each (two accounts, as two people), each typing into its own
// paragraph at a low rate (a keystroke every SITE_KEY_MS, phases spread) for SITE_TYPING_S; then
// the editors stay connected and silent for SITE_SILENT_S, leave, and the runtime is watched for
// SITE_IDLE_S. While connected, every editor's client sends the heartbeat ping every SITE_PING_MS
// (2 s, as the browser client does; the runtime answers it without waking the room) and lets go
// of a socket that brings nothing for SITE_SILENT_SOCKET_MS (30 s, the browser client's rule), and the
// alarms the rooms run are counted: each is a wake of its room; the runtime's CPU in each phase is
// read too (`cpu.mjs`). Then SITE_WAKE_SAMPLE rooms spread over the site are joined again, one client each:
// the time to its first sync is the wake time, and the room's own birth time says whether the
// runtime had dropped the object (a cold wake) or still held it.
//
// Memory is the VmRSS of the `workerd` runtime that runs the worker and its objects, read after a
// pause at each phase; per room = (reading − the fresh runtime's reading) ÷ rooms. An upper bound:
// RSS holds garbage not yet collected and pages V8 keeps for reuse. Errors: joins that did not
// sync, closes of any client (not a client's own letting go of a silent socket, counted apart),
// and rooms whose two editors did not end with the same document.
//
// The rooms are the bench's own pages in the wake rooms' namespace (`WAKE_PAGE_ROOM`, PageRoom
// with bench-only RPCs such as its birth time), so the stock `PAGE_ROOM`'s objects stay untouched.
import * as Y from "yjs";
import { cpuMicros } from "../lib/cpu.mjs";
import { rssBytes } from "../lib/memory.mjs";
import { median, percentile, ratioFigure } from "../lib/stats.mjs";
import { editorHeaders, emptyParagraph, sleep, until } from "./room-clients.mjs";
import { roomAlarms, roomBornAt, roomD1Trips, roomState, timeToSync, WAKE_BARE, WAKE_PAGE } from "./room-seed.mjs";

export const name = "site-1000-rooms";

const ROOMS = Number(process.env.SITE_ROOMS ?? 1000);
const TYPING_S = Number(process.env.SITE_TYPING_S ?? 30);
const KEY_MS = Number(process.env.SITE_KEY_MS ?? 10_000);
const SILENT_S = Number(process.env.SITE_SILENT_S ?? 30);
const IDLE_S = Number(process.env.SITE_IDLE_S ?? 70);
/* Between two readings of the runtime's memory while it idles. */
const IDLE_STEP_S = Number(process.env.SITE_IDLE_STEP_S ?? 10);
const WAKE_SAMPLE = Number(process.env.SITE_WAKE_SAMPLE ?? 20);
/* The browser client's heartbeat (`live-session.ts`); 0 sends none, as a stock Yjs client. */
const PING_MS = Number(process.env.SITE_PING_MS ?? 2_000);
/*
 * The browser client's silence rule (`live-session.ts`, `SILENT_SOCKET_MS`): a socket on which a
 * heartbeat has gone this long unanswered, with nothing else arriving, is let go and a fresh one
 * resyncs. workerd 1.20260426 now and then stops sending on a socket for good while still reading
 * it (a pong racing the room's frames), which no room can see: with the rule, such an editor
 * reconnects as a browser's would, and the figures count those sockets; 0 keeps every socket, as a
 * stock Yjs client does, so the runtime's fault shows as rooms whose editors differ.
 */
const SILENT_SOCKET_MS = Number(process.env.SITE_SILENT_SOCKET_MS ?? 30_000);
/*
 * SITE_REOPEN=1: after the wakes, every room is joined again by its two editors, and the runtime's
 * memory read once more. Memory the idle runtime still held after the rooms were dropped but that
 * the reopened rooms use again (RSS barely above the first opening's) was freed heap kept for
 * reuse, not state something still holds.
 */
const REOPEN = process.env.SITE_REOPEN === "1";
/*
 * SITE_PARTY=bare: the same site in bare y-partyserver rooms (`WAKE_BARE_ROOM`: no storage writes,
 * no checks, no heartbeat), to tell what the runtime and the local dev proxy do at this many
 * sockets from what PageRoom does. Its alarm and D1 counts and birth times are not read there.
 */
const PARTY = process.env.SITE_PARTY === "bare" ? WAKE_BARE : WAKE_PAGE;
/* Rooms joined at once: a thousand upgrades at once would measure the connect storm. */
const GROUP = 20;
/* Bench pages from this offset on (room-hour uses the first few hundred of the same namespace). */
const FIRST_PAGE_OFFSET = 2000;
/* Pause before each memory reading, so the joins' and sends' garbage can be collected. */
const SETTLE_MS = 5_000;
/* Longest wait for one join to sync, and for the two editors of every room to agree: the machine is shared. */
const SYNC_MS = 60_000;
const AGREE_MS = 120_000;

/* Joins `room` with the two editors; a failed join (its provider destroyed) counts as an error and leaves that editor out. */
async function openRoom(baseUrl, room, headers, errors) {
  const clients = [];
  for (const h of headers) {
    try {
      const { doc, provider } = await timeToSync(baseUrl, PARTY, room, h, SYNC_MS);
      clients.push({ doc, provider });
    } catch {
      errors.joins++;
    }
  }
  return { room, clients };
}

/* Each client types into a paragraph of its own (added on its first keystroke), one key every KEY_MS, its phase spread. */
function startTyping(rooms) {
  const timers = [];
  let sent = 0;
  const all = rooms.flatMap(({ clients }) => clients);
  all.forEach(({ doc }, i) => {
    let text = null;
    const key = () => {
      sent++;
      doc.transact(() => {
        if (!text) {
          const fresh = emptyParagraph();
          const body = doc.getXmlFragment("body");
          body.insert(body.length, [fresh.paragraph]);
          text = fresh.text;
        }
        text.insert(text.length, "x");
      });
    };
    const phase = setTimeout(() => timers.push(setInterval(key, KEY_MS)), (KEY_MS * i) / all.length);
    timers.push(phase);
  });
  return () => {
    timers.forEach((timer) => (clearTimeout(timer), clearInterval(timer)));
    return sent;
  };
}

/*
 * Each of a room's clients pings at once and then every PING_MS, as the browser client does from
 * its socket's open (a room whose first heartbeat check finds no ping stops checking), and lets a
 * silent socket go (SILENT_SOCKET_MS). Answers the stop.
 */
function startPinging(room, onLetGo) {
  if (PING_MS <= 0) return () => undefined;
  const timers = room.clients.map((client) => {
    const beat = (client.beat = { sentAt: null, longestGap: 0, pongAt: null, unansweredSince: null, lettingGo: false });
    const listening = new WeakSet();
    const ping = () => {
      const ws = client.provider.ws;
      if (ws?.readyState !== 1) return;
      if (!listening.has(ws)) {
        listening.add(ws);
        beat.unansweredSince = null;
        beat.lettingGo = false;
        ws.addEventListener("message", (event) => {
          beat.unansweredSince = null;
          if (event.data !== "pong") return;
          beat.pongAt = performance.now();
          if (beat.sentAt !== null) heartbeat.pongMs.push(beat.pongAt - beat.sentAt);
        });
      }
      const now = performance.now();
      if (SILENT_SOCKET_MS > 0 && beat.unansweredSince !== null && now - beat.unansweredSince > SILENT_SOCKET_MS) {
        beat.lettingGo = true;
        onLetGo();
        ws.terminate();
        return;
      }
      beat.unansweredSince ??= now;
      // The gap between two pings this process sent: over PING_MS only when its own timers ran late.
      if (beat.sentAt !== null) beat.longestGap = Math.max(beat.longestGap, now - beat.sentAt);
      beat.sentAt = now;
      ws.send("ping");
    };
    ping();
    return setInterval(ping, PING_MS);
  });
  return () => timers.forEach((timer) => clearInterval(timer));
}

/*
 * What the clients saw of the heartbeat, to tell a room that closed a beating connection from a
 * transport (this process, the local dev proxy, the runtime) that held the pings back: each ping's
 * answer time, and at each heartbeat close (4408) the phase, how long before it the client had last
 * sent a ping and last had an answer, and its longest gap between two pings sent.
 */
const heartbeat = { pongMs: [], closes: [], letGo: [] };

/*
 * Rooms whose editors do not hold the same document within AGREE_MS, with what tells a room that
 * did not pass an update on from a client that could not apply it: the clock units one editor
 * lacks of the other's, and how many of those editors hold updates back (missing what they build on).
 * In page rooms the room's own document says which side lost an update: units an editor holds that
 * the room lacks never reached the room's document (not received, or not applied), units the room
 * holds that an editor lacks were not passed on (or not applied by that editor).
 */
async function disagreeing(baseUrl, rooms) {
  const agree = ({ clients }) => clients.length < 2 || Buffer.from(Y.encodeStateVector(clients[0].doc)).equals(Buffer.from(Y.encodeStateVector(clients[1].doc)));
  const none = { rooms: 0, lacking: 0, pending: 0, roomLacks: 0, notPassedOn: 0, roomPending: 0 };
  try {
    await until(() => rooms.every(agree), AGREE_MS);
    return none;
  } catch {
    const differ = { ...none };
    for (const { room, clients } of rooms.filter((r) => !agree(r))) {
      differ.rooms++;
      const editors = clients.map(({ doc }) => Y.decodeStateVector(Y.encodeStateVector(doc)));
      const [a, b] = editors;
      for (const id of new Set([...a.keys(), ...b.keys()])) differ.lacking += Math.abs((a.get(id) ?? 0) - (b.get(id) ?? 0));
      differ.pending += clients.filter(({ doc }) => doc.store.pendingStructs !== null).length;
      if (PARTY !== WAKE_PAGE) continue;
      const own = await roomState(baseUrl, room).catch(() => null);
      if (!own) continue;
      if (own.pending) differ.roomPending++;
      for (const id of new Set([...a.keys(), ...b.keys(), ...own.stateVector.keys()])) {
        const held = own.stateVector.get(id) ?? 0;
        differ.roomLacks += Math.max(0, ...editors.map((editor) => (editor.get(id) ?? 0) - held));
        for (const editor of editors) differ.notPassedOn += Math.max(0, held - (editor.get(id) ?? 0));
      }
    }
    return differ;
  }
}

const toMb = (bytes) => Math.round((bytes / 1024 / 1024) * 10) / 10;

async function readRss(pid) {
  await sleep(SETTLE_MS);
  const bytes = rssBytes(pid);
  if (!Number.isFinite(bytes)) throw new Error(`cannot read VmRSS of workerd ${pid} from /proc`);
  return bytes;
}

export async function run(ctx) {
  const { baseUrl, cookies, firstPageId } = ctx;
  if (!ctx.restartServer) throw new Error("site-1000-rooms needs the bench runner's restartServer");
  if (ROOMS + FIRST_PAGE_OFFSET > 10_000) throw new Error(`site-1000-rooms: SITE_ROOMS ${ROOMS} is more than the bench's pages from ${FIRST_PAGE_OFFSET}`);
  // Every provider registers a process "exit" handler: two per room here.
  process.setMaxListeners(Math.max(process.getMaxListeners(), 2 * ROOMS + 100));
  const headers = [editorHeaders(baseUrl, cookies[1]), editorHeaders(baseUrl, cookies[2])];
  const names = Array.from({ length: ROOMS }, (_, i) => `pages:${firstPageId + FIRST_PAGE_OFFSET + i}`);
  const pid = await ctx.restartServer();
  const errors = { joins: 0, closes: 0, disagreeing: 0, wakes: 0 };
  const mb = {};
  mb.fresh = await readRss(pid);

  const t0 = performance.now();
  const rooms = [];
  const pingers = [];
  let phase = "opening";
  const letGo = () => heartbeat.letGo.push(phase);
  // The pace of the last tenth of the rooms opened, apart from the whole: a runtime that slows as rooms add up shows there.
  let lastTenthAt = null;
  for (let i = 0; i < names.length; i += GROUP) {
    if (lastTenthAt === null && i >= names.length * 0.9) lastTenthAt = { t: performance.now(), rooms: i };
    const opened = await Promise.all(names.slice(i, i + GROUP).map((room) => openRoom(baseUrl, room, headers, errors)));
    pingers.push(...opened.map((room) => startPinging(room, letGo)));
    rooms.push(...opened);
  }
  const openedAt = performance.now();
  const openS = (openedAt - t0) / 1000;
  const lastTenthPace = lastTenthAt ? (names.length - lastTenthAt.rooms) / ((performance.now() - lastTenthAt.t) / 1000) : NaN;
  // D1 round trips of every room per second in a phase: any open room answers for the whole runtime.
  // A count the runtime did not answer within the control timeout leaves the figure out (NaN), not the run.
  const trips = async () => ({
    n: await roomD1Trips(baseUrl, names[0]).catch(() => NaN),
    alarms: await roomAlarms(baseUrl, names[0]).catch(() => NaN),
    cpu: cpuMicros(pid),
    at: performance.now(),
  });
  const perSecond = (from, to) => ((to.n - from.n) * 1000) / (to.at - from.at);
  const alarmsPerSecond = (from, to) => ((to.alarms - from.alarms) * 1000) / (to.at - from.at);
  // The runtime's CPU in a phase, as a share of one core: the machine has two, and the clients run on it too.
  const cpuShare = (from, to) => Math.round(((to.cpu - from.cpu) / 1000 / (to.at - from.at)) * 100);
  let counting = true;
  phase = "opened";
  /*
   * Close codes and reasons of the clients' closes, so a close says who closed and why (4408 is
   * the room's heartbeat check or its handshake check; the reason tells them apart), and when the
   * first came (seconds after the rooms were open): the latest a pause of the runtime began.
   */
  const closeCodes = {};
  let firstClose = null;
  /* Rooms with a close, and those where both editors were closed: one socket stalling, or a whole room. */
  const closedIn = new Map();
  for (const { room, clients } of rooms) {
    for (const client of clients) {
      client.provider.on("connection-close", (event) => {
        // The client's own letting go of a silent socket (SILENT_SOCKET_MS) is counted apart.
        if (!counting || client.beat?.lettingGo) return;
        errors.closes++;
        closedIn.set(room, (closedIn.get(room) ?? new Set()).add(client));
        const key = `${event?.code ?? "none"} ${event?.reason ?? ""}`.trim();
        closeCodes[key] = (closeCodes[key] ?? 0) + 1;
        firstClose ??= { phase, s: Math.round((performance.now() - openedAt) / 1000), key };
        if (event?.code !== 4408 || !client.beat) return;
        const now = performance.now();
        const since = (at) => (at === null ? Infinity : now - at);
        heartbeat.closes.push({ phase, sincePing: since(client.beat.sentAt), sincePong: since(client.beat.pongAt), longestGap: client.beat.longestGap });
      });
    }
  }
  mb.open = await readRss(pid);

  phase = "typing";
  const typingFrom = await trips();
  const stop = startTyping(rooms);
  await sleep(TYPING_S * 1000);
  const keystrokes = stop();
  const typingTo = await trips();
  phase = "agreeing";
  const differ = await disagreeing(baseUrl, rooms);
  errors.disagreeing = differ.rooms;
  mb.typed = await readRss(pid);

  phase = "silent";
  const silentFrom = await trips();
  await sleep(SILENT_S * 1000);
  const silentTo = await trips();
  mb.silent = await readRss(pid);

  counting = false;
  for (const stop of pingers) stop();
  for (const { provider } of rooms.flatMap((room) => room.clients)) provider.destroy();
  const leftAt = Date.now();
  process.stdout.write(`site-1000-rooms: every editor left ${ROOMS} rooms\n`);
  mb.left = await readRss(pid);
  // The idle runtime's memory over time: whether it comes back once the runtime drops the objects.
  const idleSeries = [];
  while (Date.now() - leftAt < IDLE_S * 1000) {
    await sleep(Math.min(IDLE_STEP_S * 1000, IDLE_S * 1000 - (Date.now() - leftAt)));
    idleSeries.push(`${Math.round((Date.now() - leftAt) / 1000)} s: ${toMb(rssBytes(pid))}`);
  }
  mb.idle = await readRss(pid);

  const wakes = [];
  const step = Math.max(1, Math.floor(ROOMS / WAKE_SAMPLE));
  for (let i = 0; i < ROOMS && wakes.length < WAKE_SAMPLE; i += step) {
    try {
      const { ms, provider } = await timeToSync(baseUrl, PARTY, names[i], headers[0], SYNC_MS);
      provider.destroy();
      wakes.push({ ms, cold: PARTY === WAKE_PAGE && (await roomBornAt(baseUrl, WAKE_PAGE, names[i])) > leftAt });
    } catch {
      errors.wakes++;
    }
  }

  if (REOPEN) {
    const again = [];
    for (let i = 0; i < names.length; i += GROUP) again.push(...(await Promise.all(names.slice(i, i + GROUP).map((room) => openRoom(baseUrl, room, headers, errors)))));
    mb.reopened = await readRss(pid);
    for (const { provider } of again.flatMap((room) => room.clients)) provider.destroy();
  }

  const perRoomKb = (bytes) => (bytes - mb.fresh) / ROOMS / 1024;
  const wakeMs = median(wakes.map((w) => w.ms));
  const cold = wakes.filter((w) => w.cold).length;
  const errorCount = errors.joins + errors.closes + errors.disagreeing + errors.wakes;
  const held = (mb.idle - mb.fresh) / Math.max(1, mb.typed - mb.fresh);
  return {
    rows: [
      { scenario: `${ROOMS} rooms on one runtime, 2 editors each: memory per open room (req/s column: KB)`, rps: perRoomKb(mb.open), p50: NaN, p99: NaN },
      { scenario: `… after ${TYPING_S} s of typing (a key per editor every ${KEY_MS / 1000} s; KB per room)`, rps: perRoomKb(mb.typed), p50: NaN, p99: NaN },
      { scenario: `… editors connected and silent for ${SILENT_S} s (KB per room)`, rps: perRoomKb(mb.silent), p50: NaN, p99: NaN },
      { scenario: `… ${IDLE_S} s after every editor left (KB per room)`, rps: perRoomKb(mb.idle), p50: NaN, p99: NaN },
      { scenario: `wake: join of an idle room, time to first sync (p50 column: median ms; ${cold} of ${wakes.length} woke cold)`, rps: NaN, p50: wakeMs, p99: NaN },
    ],
    figures: {
      "errors (failed joins, closes, rooms whose editors disagree, failed wakes)": errorCount,
      ...Object.fromEntries(Object.entries(errors).map(([key, n]) => [`errors: ${key}`, n])),
      ...Object.fromEntries(Object.entries(mb).map(([key, bytes]) => [`runtime RSS ${key}, MB`, toMb(bytes)])),
      "runtime RSS after every editor left, MB at each step": idleSeries.join(", "),
      "seconds to open every room": Math.round(openS),
      "rooms opened per second": Math.round((ROOMS / openS) * 100) / 100,
      "rooms opened per second, the last tenth": Math.round(lastTenthPace * 100) / 100,
      "D1 round trips per second of every room, while typing": Math.round(perSecond(typingFrom, typingTo) * 10) / 10,
      "D1 round trips per second of every room, connected and silent": Math.round(perSecond(silentFrom, silentTo) * 10) / 10,
      "room alarms (wakes) per second of every room, while typing": Math.round(alarmsPerSecond(typingFrom, typingTo) * 10) / 10,
      "room alarms (wakes) per second of every room, connected and silent": Math.round(alarmsPerSecond(silentFrom, silentTo) * 10) / 10,
      "runtime CPU, % of one core, while typing": cpuShare(typingFrom, typingTo),
      "runtime CPU, % of one core, connected and silent": cpuShare(silentFrom, silentTo),
      "heartbeat ping interval of every client, ms (0: none)": PING_MS,
      "closes by code and reason": JSON.stringify(closeCodes),
      "rooms with a close / with both editors closed": `${closedIn.size} / ${[...closedIn.values()].filter((closed) => closed.size > 1).length}`,
      "first close: phase, seconds after the rooms were open, code and reason": firstClose ? `${firstClose.phase}, ${firstClose.s} s, ${firstClose.key}` : "none",
      keystrokes,
      "in rooms whose editors differ: clock units one lacks of the other's": differ.lacking,
      "in rooms whose editors differ: editors holding updates back": differ.pending,
      "in rooms whose editors differ: clock units an editor holds that the room lacks (never in the room's document)": differ.roomLacks,
      "in rooms whose editors differ: clock units the room holds that an editor lacks (not passed on)": differ.notPassedOn,
      "in rooms whose editors differ: rooms holding updates back": differ.roomPending,
      ...heartbeatFigures(),
      "rooms sampled for the wake": wakes.length,
      "of those, woke cold (the runtime had dropped the object)": cold,
    },
    ratios: {
      errors: ratioFigure([errorCount], { op: "<=", value: 0 }, `${ROOMS} rooms: errors (failed joins, closes, editors disagreeing, failed wakes)`),
      held: ratioFigure([held], null, `${ROOMS} rooms: memory still held ${IDLE_S} s after every editor left ÷ memory while typing (above a fresh runtime)`),
      wake: ratioFigure([wakeMs], null, `${ROOMS} rooms: wake of an idle room, ms to first sync (median of ${wakes.length})`),
    },
  };
}

/* The heartbeat as the clients saw it (see `heartbeat`): answers' times, and what preceded each 4408. */
function heartbeatFigures() {
  const ms = (values, p) => Math.round(percentile(values.filter(Number.isFinite).sort((a, b) => a - b), p));
  const { closes, pongMs, letGo } = heartbeat;
  const byPhase = (phases) => JSON.stringify(phases.reduce((counts, phase) => ({ ...counts, [phase]: (counts[phase] ?? 0) + 1 }), {}));
  return {
    [`sockets let go after ${SILENT_SOCKET_MS / 1000} s of silence (the browser client's rule; 0 s: none), by phase`]: `${letGo.length} ${byPhase(letGo)}`,
    "pings answered (pong)": pongMs.length,
    "ping to pong, ms p50 / p99 / max": `${ms(pongMs, 50)} / ${ms(pongMs, 99)} / ${ms(pongMs, 100)}`,
    "4408 closes by phase": byPhase(closes.map(({ phase }) => phase)),
    "at a 4408 close, ms since the client last sent a ping, p50 / max": `${ms(closes.map((c) => c.sincePing), 50)} / ${ms(closes.map((c) => c.sincePing), 100)}`,
    "at a 4408 close, ms since its last pong, p50 / max": `${ms(closes.map((c) => c.sincePong), 50)} / ${ms(closes.map((c) => c.sincePong), 100)}`,
    "at a 4408 close, the client's longest gap between two pings sent, ms p50 / max": `${ms(closes.map((c) => c.longestGap), 50)} / ${ms(closes.map((c) => c.longestGap), 100)}`,
  };
}
