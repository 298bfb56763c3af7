// Takes a V8 CPU profile of the bench worker (its Durable Objects included) while a bench runs, and
// prints where the time went: self time per function, the 40 largest, and the total per source
// file. Start the bench with the inspector open, then this beside it:
//
//   BENCH_INSPECTOR_PORT=8882 npm run bench -- --port 8881 room-fanout &
//   node bench/profile.mjs --port 8882 --seconds 40 [--out /tmp/room.cpuprofile] [--match PageRoom]
//
// It waits for the inspector, profiles for `--seconds` (sampling every 50 µs), and with `--out`
// also writes the .cpuprofile (open it in Chrome DevTools). `--match` keeps only samples whose
// stack holds a frame of that name, so one room's turns are read apart from the rest.
import { writeFileSync } from "node:fs";
import WebSocket from "ws";

function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : process.argv[at + 1];
}

const port = Number(option("port", process.env.BENCH_INSPECTOR_PORT ?? 9229));
const seconds = Number(option("seconds", 30));
const out = option("out", null);
const match = option("match", null);

async function target() {
  for (let tries = 0; tries < 240; tries++) {
    try {
      const list = await (await fetch(`http://127.0.0.1:${port}/json`)).json();
      const found = list.find((t) => t.webSocketDebuggerUrl);
      if (found) return found.webSocketDebuggerUrl;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`no inspector target on port ${port}`);
}

const ws = new WebSocket(await target());
await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
let nextId = 1;
const waiting = new Map();
ws.on("message", (data) => {
  const message = JSON.parse(String(data));
  if (message.id && waiting.has(message.id)) {
    waiting.get(message.id)(message);
    waiting.delete(message.id);
  }
});
const call = (method, params = {}) =>
  new Promise((resolve) => {
    const id = nextId++;
    waiting.set(id, resolve);
    ws.send(JSON.stringify({ id, method, params }));
  });

await call("Profiler.enable");
await call("Profiler.setSamplingInterval", { interval: 50 });
await call("Profiler.start");
console.error(`profiling for ${seconds} s…`);
await new Promise((r) => setTimeout(r, seconds * 1000));
const { result } = await call("Profiler.stop");
ws.close();
const profile = result.profile;
if (out) writeFileSync(out, JSON.stringify(profile));
summarize(profile);

function summarize({ nodes, samples, timeDeltas }) {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const kept = (id) => {
    if (!match) return true;
    for (let at = id; at !== undefined; at = parent.get(at)) if (byId.get(at).callFrame.functionName.includes(match)) return true;
    return false;
  };
  const self = new Map();
  const files = new Map();
  let total = 0;
  for (let i = 0; i < samples.length; i++) {
    const id = samples[i];
    const dt = timeDeltas[i] ?? 0;
    if (!kept(id)) continue;
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    const file = url.split("/").slice(-2).join("/") || "(native)";
    const key = `${functionName || "(anonymous)"}  ${file}:${lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + dt);
    files.set(file, (files.get(file) ?? 0) + dt);
    total += dt;
  }
  const ms = (us) => (us / 1000).toFixed(1).padStart(8);
  console.log(`total sampled ${ms(total)} ms${match ? ` (stacks through ${match})` : ""}`);
  for (const [key, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`${ms(us)} ms  ${key}`);
  console.log("\nper file:");
  for (const [file, us] of [...files].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`${ms(us)} ms  ${file}`);
}
