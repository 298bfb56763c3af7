// Five editors typing at once into one room, each into its own paragraph of `body`, a keystroke
// every 30–60 ms each, PageRoom against a bare y-partyserver room and the durability floor
// (bench/bare-room.ts), alternating rounds (each side types to the same seeded rhythm in a round,
// into the same document: a new page with a bench page's prose each round, copied into the
// baseline rooms before typing starts).
// Per round: fan-out latency (from a keystroke to the moment every other typist has it), the
// author's acknowledgement latency (PageRoom only), the server's CPU per keystroke (typing until
// everything has arrived and been acknowledged), and closes by the room's rate limit (4429), which
// must be none: the pace stays well under the per-editor limits (DEFAULT_ROOM_LIMITS: 100 messages
// a second, a burst of 400).
// Typists do not move their cursors: stock providers re-send every awareness change they receive
// and a bare room relays each to everyone, so with five typists the baselines would be measuring
// that storm (which PageRoom refuses) instead of the document's path; room-crowd measures presence.
import { withCpu } from "../lib/cpu.mjs";
import { alternate, latencySummary, median, ratioFigure, roundRatios } from "../lib/stats.mjs";
import { ackSummary, ackTimer } from "./author-acks.mjs";
import { editorHeaders, emptyParagraph, join, roundPages, sleep, startFrom, until } from "./room-clients.mjs";

export const name = "room-typists";

const TYPISTS = 5;
const KEYSTROKES = Number(process.env.ROOM_TYPISTS_KEYSTROKES ?? 60); // each, per round
const ROUNDS = Number(process.env.ROOM_TYPISTS_ROUNDS ?? 5);
const PACE_MS = { min: 30, max: 60 };
/* After a round's editors leave: PageRoom's last leave writes the draft, which is not the other side's cost. */
const LEAVE_MS = 1_000;
const LETTERS = "abcde";

/* A small seeded generator (mulberry32), so both sides of a round type to the same rhythm. */
function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/*
 * Every typist watches every other typist's paragraph; a keystroke's fan-out latency is taken when
 * the last of them has it. `sentAt[k][n]` is typist k's n-th keystroke (its paragraph's length).
 */
function watchFanout(typists, paragraphOf) {
  const sentAt = typists.map(() => []);
  const arrived = typists.map(() => []);
  const latencies = [];
  for (const [j, { doc }] of typists.entries()) {
    for (let k = 0; k < typists.length; k++) {
      if (k === j) continue;
      const text = paragraphOf(doc, k);
      let seen = 0;
      text.observe(() => {
        const now = performance.now();
        for (; seen < text.length; seen++) {
          const n = seen + 1;
          arrived[k][n] = (arrived[k][n] ?? 0) + 1;
          if (arrived[k][n] === typists.length - 1) latencies.push(now - sentAt[k][n]);
        }
      });
    }
  }
  return { sentAt, latencies };
}

/*
 * One round in one room, given the round's starting document `start` first. With `acks` (a page
 * room), every typist's acknowledgements are timed.
 */
async function typeTogether({ baseUrl, headers, party, room, acks, pid, round, start }) {
  const typists = [];
  for (let k = 0; k < TYPISTS; k++) typists.push(await join(baseUrl, party, room, headers[k]));
  await startFrom(typists[0], typists.slice(1), start);
  let rateLimited = 0;
  for (const { provider } of typists) provider.on("connection-close", (event) => void (event?.code === 4429 && rateLimited++));
  // The first typist adds everyone's paragraph in one edit; nobody types before all have them.
  const body = typists[0].doc.getXmlFragment("body");
  const base = body.length;
  body.insert(base, Array.from({ length: TYPISTS }, () => emptyParagraph().paragraph));
  await until(() => typists.every(({ doc }) => doc.getXmlFragment("body").length >= base + TYPISTS), 10_000, `${party}: the typists' paragraphs did not arrive`);
  await sleep(200); // let join-time presence settle
  const paragraphOf = (doc, k) => doc.getXmlFragment("body").get(base + k).get(0);
  const fanout = watchFanout(typists, paragraphOf);
  const timers = typists.map(({ provider }) => (acks ? ackTimer(provider) : null));
  const total = TYPISTS * KEYSTROKES;
  const { cpuUs } = await withCpu(pid, async () => {
    await Promise.all(
      typists.map(async ({ doc }, k) => {
        const pace = seeded(round * TYPISTS + k + 1);
        const gap = () => PACE_MS.min + pace() * (PACE_MS.max - PACE_MS.min);
        const text = paragraphOf(doc, k);
        await sleep(gap() * (k / TYPISTS)); // not all in step
        for (let n = 1; n <= KEYSTROKES; n++) {
          fanout.sentAt[k][n] = performance.now();
          doc.transact(() => text.insert(text.length, LETTERS[k]));
          timers[k]?.edited(fanout.sentAt[k][n]);
          await sleep(gap());
        }
      }),
    );
    const acked = () => timers.every((timer) => !timer || timer.waiting() === 0);
    await until(() => fanout.latencies.length === total && acked(), 15_000, `${party}: not every keystroke reached every typist${acks ? " and was acknowledged" : ""}`);
  });
  for (const { provider } of typists) provider.destroy();
  await sleep(LEAVE_MS);
  return {
    ...latencySummary(fanout.latencies),
    ...(acks ? ackSummary(timers.flatMap((timer) => timer.latencies)) : {}),
    cpuUsPerEdit: cpuUs / total,
    rateLimited,
  };
}

export async function run({ baseUrl, cookies, workerdPid }) {
  const headers = cookies.map((cookie) => editorHeaders(baseUrl, cookie));
  const stamp = Date.now().toString(36);
  const common = { baseUrl, headers, pid: workerdPid };
  // Each round's page and its document, made before the rounds (a round's sides run in either order).
  const rounds = await roundPages(baseUrl, ROUNDS, headers[TYPISTS]);
  const { page, bare, floor } = await alternate(ROUNDS, {
    page: (round) => typeTogether({ ...common, party: "page-room", room: rounds[round].room, acks: true, round, start: rounds[round].start }),
    bare: (round) => typeTogether({ ...common, party: "bare-room", room: `typists-${stamp}-${round}`, acks: false, round, start: rounds[round].start }),
    floor: (round) => typeTogether({ ...common, party: "durable-bare-room", room: `typists-${stamp}-${round}`, acks: false, round, start: rounds[round].start }),
  });
  const med = (runs, key) => median(runs.map((r) => r[key]));
  const closes = page.reduce((n, r) => n + r.rateLimited, 0);
  return {
    rows: [
      { scenario: `${TYPISTS} typists at once via PageRoom, edit → every other typist (req/s column: server CPU µs per edit)`, rps: med(page, "cpuUsPerEdit"), p50: med(page, "p50"), p99: med(page, "p99") },
      { scenario: `${TYPISTS} typists at once via bare YServer (baseline)`, rps: med(bare, "cpuUsPerEdit"), p50: med(bare, "p50"), p99: med(bare, "p99") },
      { scenario: `${TYPISTS} typists at once via bare YServer + one durable append per update (floor)`, rps: med(floor, "cpuUsPerEdit"), p50: med(floor, "p50"), p99: med(floor, "p99") },
      { scenario: `${TYPISTS} typists at once via PageRoom, author acknowledgement (edit → its ack)`, rps: NaN, p50: med(page, "ackP50"), p99: med(page, "ackP99") },
    ],
    figures: {
      "keystrokes per round": TYPISTS * KEYSTROKES,
      "ack samples": page.reduce((s, r) => s + r.ackSamples, 0),
      "PageRoom 4429 closes (all rounds)": closes,
    },
    ratios: {
      p50: ratioFigure(roundRatios(page, bare, "p50"), { op: "<=", value: 1.1 }, `${TYPISTS} typists fan-out p50, PageRoom ÷ bare`),
      p99: ratioFigure(roundRatios(page, bare, "p99"), { op: "<=", value: 1.1 }, `${TYPISTS} typists fan-out p99, PageRoom ÷ bare`),
      floorP50: ratioFigure(roundRatios(page, floor, "p50"), null, `${TYPISTS} typists fan-out p50, PageRoom ÷ floor`),
      cpu: ratioFigure(roundRatios(page, bare, "cpuUsPerEdit"), { op: "<=", value: 1.2 }, `${TYPISTS} typists server CPU per edit, PageRoom ÷ bare`),
      ackP50: ratioFigure(roundRatios(page.map((r) => r.ackP50), floor, "p50"), null, `${TYPISTS} typists author ack p50, PageRoom ÷ floor fan-out p50`),
      closes: ratioFigure([closes], { op: "<=", value: 0 }, `${TYPISTS} typists: 4429 closes in PageRoom, all rounds`),
    },
  };
}
