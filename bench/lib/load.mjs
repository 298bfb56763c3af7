// A small closed-loop load generator: `concurrency` workers each send requests back to back.

/** Percentile of a sorted array of numbers (nearest rank). */
export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

/**
 * Runs `send()` from `concurrency` loops for `durationMs`; returns throughput and latency percentiles.
 * `send` must resolve only after the response body is read, and throw on a wrong status.
 */
export async function load(send, { concurrency = 8, durationMs = 3000 } = {}) {
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
  latencies.sort((a, b) => a - b);
  return { requests: latencies.length, rps: (latencies.length / elapsed) * 1000, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

/**
 * Measures `candidate` against `baseline` in alternating rounds, so drift in the machine's load
 * hits both sides alike. Returns both summaries and candidate/baseline throughput.
 */
export async function compare(candidate, baseline, { rounds = 3, ...options } = {}) {
  await load(candidate, { ...options, durationMs: 800 });
  await load(baseline, { ...options, durationMs: 800 });
  const a = [];
  const b = [];
  for (let i = 0; i < rounds; i++) {
    a.push(await load(candidate, options));
    b.push(await load(baseline, options));
  }
  const merge = (runs) => ({
    requests: runs.reduce((s, r) => s + r.requests, 0),
    rps: runs.reduce((s, r) => s + r.rps, 0) / runs.length,
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
  });
  const candidateSummary = merge(a);
  const baselineSummary = merge(b);
  return { candidate: candidateSummary, baseline: baselineSummary, ratio: candidateSummary.rps / baselineSummary.rps };
}

function median(values) {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)];
}
