// Shared by the fan-out scenarios: one writer types into a room while `receivers` editors watch,
// through PageRoom (identity, checks, rate limits, SQLite persistence of every update) and through
// a bare y-partyserver room in the same worker. Per round: latency from the writer's edit to each
// receiver seeing it, the server's CPU per edit (the workerd runtime, from /proc), and the bytes
// the receivers got per keystroke, awareness apart.
import { withCpu } from "../lib/cpu.mjs";
import { percentile } from "../lib/stats.mjs";
import { join, sleep, until } from "./room-clients.mjs";

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

/**
 * One round in one room. With `cursor`, the writer also moves its awareness cursor on every
 * keystroke, as an editor's client does.
 */
export async function measureRound({ baseUrl, headers, party, room, receivers, edits, cursor = false, pid }) {
  const writer = await join(baseUrl, party, room, headers);
  const watchers = [];
  // Joined in small groups: fifty upgrades at once would measure the connect storm, not fan-out.
  for (let i = 0; i < receivers; i += 10) {
    watchers.push(...(await Promise.all(Array.from({ length: Math.min(10, receivers - i) }, () => join(baseUrl, party, room, headers)))));
  }
  if (cursor) writer.provider.awareness.setLocalStateField("user", { name: "Bench writer" });
  await sleep(200); // let join-time awareness settle before counting
  // A root that is no field of the collection (the relay path is measured, not the draft writes),
  // fresh per round: bench state persists, and sequence numbers are the text's length.
  const root = `fanout-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  const sent = new Map();
  const latencies = [];
  for (const { doc } of watchers) {
    const text = doc.getText(root);
    text.observe(() => {
      const t0 = sent.get(text.length);
      if (t0 !== undefined) latencies.push(performance.now() - t0);
    });
  }
  const text = writer.doc.getText(root);
  const bytes = countBytes(watchers);
  const { cpuUs } = await withCpu(pid, async () => {
    for (let i = 1; i <= edits; i++) {
      sent.set(i, performance.now());
      writer.doc.transact(() => text.insert(text.length, "x"));
      if (cursor) writer.provider.awareness.setLocalStateField("cursor", { anchor: i, head: i });
      await until(() => watchers.every((w) => w.doc.getText(root).length >= i), 10_000, `edit ${i} did not fan out`);
      await sleep(2);
    }
  });
  bytes.stop();
  for (const c of [writer, ...watchers]) c.provider.destroy();
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    samples: latencies.length,
    cpuUsPerEdit: cpuUs / edits,
    syncBytesPerEdit: bytes.tally.sync / edits,
    awarenessBytesPerEdit: bytes.tally.awareness / edits,
  };
}
