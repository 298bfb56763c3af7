// Fan-out latency: one writer, 20 connected editors, through PageRoom (identity, checks, SQLite
// persistence of every update) against a bare y-partyserver room in the same worker and run.
// Latency = from the writer's edit to each receiver seeing it. Goal: PageRoom p50 ≤ 1.1× bare.
import { percentile } from "../lib/load.mjs";
import { editorHeaders, join, sleep, until } from "./room-clients.mjs";

export const name = "room-fanout";

const RECEIVERS = 20;
const EDITS = Number(process.env.ROOM_FANOUT_EDITS ?? 200);
const ROUNDS = 3;

function medianRound(rounds) {
  const sorted = [...rounds].sort((a, b) => a.p50 - b.p50);
  const middle = sorted[Math.floor(sorted.length / 2)];
  return { ...middle, samples: rounds.reduce((sum, r) => sum + r.samples, 0) };
}

async function measure(baseUrl, party, room, headers) {
  const writer = await join(baseUrl, party, room, headers);
  const receivers = await Promise.all(Array.from({ length: RECEIVERS }, () => join(baseUrl, party, room, headers)));
  // A root that is no field of the collection (the relay path is measured, not the draft writes),
  // fresh per run: bench state persists between runs, and sequence numbers are the text's length.
  const root = `fanout-${Date.now().toString(36)}`;
  const sent = new Map();
  const latencies = [];
  for (const { doc } of receivers) {
    const text = doc.getText(root);
    text.observe(() => {
      const now = performance.now();
      const seq = text.length;
      const t0 = sent.get(seq);
      if (t0 !== undefined) latencies.push(now - t0);
    });
  }
  const text = writer.doc.getText(root);
  for (let i = 1; i <= EDITS; i++) {
    sent.set(i, performance.now());
    text.insert(text.length, "x");
    await until(() => receivers.every((r) => r.doc.getText(root).length >= i), 10_000, `edit ${i} did not fan out`);
    await sleep(2);
  }
  for (const c of [writer, ...receivers]) c.provider.destroy();
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), samples: latencies.length };
}

export async function run({ baseUrl, cookie, firstPageId }) {
  const headers = editorHeaders(baseUrl, cookie);
  const stamp = Date.now().toString(36);
  // Alternating rounds, so drift in the machine's load hits both rooms alike; the median round counts.
  const pages = [];
  const bares = [];
  for (let round = 0; round < ROUNDS; round++) {
    pages.push(await measure(baseUrl, "page-room", `pages:${firstPageId + 1}`, headers));
    bares.push(await measure(baseUrl, "bare-room", `bench-${stamp}-${round}`, headers));
  }
  const page = medianRound(pages);
  const bare = medianRound(bares);
  return {
    rows: [
      { scenario: `fan-out 1→${RECEIVERS} via PageRoom`, p50: page.p50, p99: page.p99 },
      { scenario: `fan-out 1→${RECEIVERS} via bare YServer (baseline)`, p50: bare.p50, p99: bare.p99 },
    ],
    figures: { p50Ratio: page.p50 / bare.p50, p99Ratio: page.p99 / bare.p99, samples: page.samples, goal: "p50 ≤ 1.1×" },
  };
}
