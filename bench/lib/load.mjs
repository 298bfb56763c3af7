// A small closed-loop load generator: `concurrency` workers each send requests back to back.
import { cpuMicros } from "./cpu.mjs";
import { alternate, median, percentile, roundRatios, spread } from "./stats.mjs";

export { percentile };

/**
 * Runs `send()` from `concurrency` loops for `durationMs`; returns throughput, latency percentiles
 * and, given the server's `pid`, its CPU microseconds per request. `send` must resolve only after
 * the response body is read, and throw on a wrong status.
 */
export async function load(send, { concurrency = 8, durationMs = 3000, pid } = {}) {
  const cpuBefore = cpuMicros(pid);
  const latencies = [];
  const end = performance.now() + durationMs;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        await send();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = performance.now() - start;
  const cpuUs = (cpuMicros(pid) - cpuBefore) / latencies.length;
  latencies.sort((a, b) => a - b);
  return { requests: latencies.length, rps: (latencies.length / elapsed) * 1000, p50: percentile(latencies, 50), p99: percentile(latencies, 99), cpuUs };
}

/**
 * Measures `candidate` against `baseline` in alternating rounds, so drift in the machine's load
 * hits both sides alike. Returns both sides' median round, and per-round throughput, p50 and
 * server CPU per request ratios (candidate / baseline) with their spread.
 */
export async function compare(candidate, baseline, { rounds = 5, ...options } = {}) {
  await load(candidate, { ...options, durationMs: 600 });
  await load(baseline, { ...options, durationMs: 600 });
  const { a, b } = await alternate(rounds, { a: () => load(candidate, options), b: () => load(baseline, options) });
  const merge = (runs) => ({
    requests: runs.reduce((s, r) => s + r.requests, 0),
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    cpuUs: median(runs.map((r) => r.cpuUs)),
  });
  return {
    candidate: merge(a),
    baseline: merge(b),
    rounds: { candidate: a, baseline: b },
    rpsRatio: spread(roundRatios(a, b, "rps")),
    p50Ratio: spread(roundRatios(a, b, "p50")),
    cpuRatio: spread(roundRatios(a, b, "cpuUs")),
  };
}

/**
 * Rounds in which every side runs at the same time, each with its own `concurrency` loops, so
 * every side meets exactly the same machine load; the per-round ratio of two sides is then free of
 * the drift between rounds that alternating leaves. Fair only for sides of like cost that do not
 * block each other (a 20 ms scan would stall a light route on the same worker thread).
 * Returns each side's per-round `load()` results (without CPU: the sides share the process).
 *
 * @example
 * const { page, bare } = await paired({ page: readPage, bare: readBare }, { rounds: 5, concurrency: 4 });
 */
export async function paired(sides, { rounds = 5, ...options } = {}) {
  const names = Object.keys(sides);
  await Promise.all(names.map((n) => load(sides[n], { ...options, durationMs: 600 })));
  const out = Object.fromEntries(names.map((n) => [n, []]));
  for (let round = 0; round < rounds; round++) {
    const results = await Promise.all(names.map((n) => load(sides[n], options)));
    names.forEach((n, i) => out[n].push(results[i]));
  }
  return out;
}
