// Full-text search over 10,000 published pages: searchRoute (FTS5, bm25, snippets, auth) against a
// LIKE '%term%' scan in the same worker. Also the reindex time and publish latency.
import { compare, load } from "../lib/load.mjs";

export const name = "search";

export async function run({ baseUrl, cookie, firstPageId, searchTerms: TERMS }) {
  const t0 = performance.now();
  const reindex = await fetch(`${baseUrl}/api/cms/pages/reindex`, { method: "POST", headers: { cookie, origin: baseUrl } });
  const reindexMs = performance.now() - t0;
  if (!reindex.ok) throw new Error(`reindex: ${reindex.status} ${await reindex.text()}`);
  const { indexed } = await reindex.json();

  let n = 0;
  const get = (path) => async () => {
    const q = TERMS[n++ % TERMS.length];
    const res = await fetch(`${baseUrl}${path}?q=${q}&limit=10`, { headers: { cookie } });
    const body = await res.json();
    if (!res.ok || body.items.length === 0) throw new Error(`${path}?q=${q}: ${res.status}`);
  };
  const result = await compare(get("/api/cms/pages/search"), get("/__bench/like-search"), { concurrency: 1, durationMs: 2500, rounds: 2 });

  const inWorker = async (engine) => {
    const res = await fetch(`${baseUrl}/__bench/timed-search?engine=${engine}&n=50&terms=${TERMS.join(",")}`);
    return (await res.json()).msPerQuery;
  };
  await inWorker("fts");
  const ftsQueryMs = await inWorker("fts");
  const likeQueryMs = await inWorker("like");
  const floorQueryMs = await inWorker("floor");
  const floor = await load(async () => void (await (await fetch(`${baseUrl}/__bench/ping`)).arrayBuffer()), { concurrency: 1, durationMs: 1500 });

  let p = 0;
  const publish = async () => {
    const id = firstPageId + (p++ % 100);
    const headers = { cookie, origin: baseUrl, "content-type": "application/json" };
    const save = await fetch(`${baseUrl}/api/cms/pages/${id}/versions`, { method: "POST", headers, body: JSON.stringify({ title: `Bench page ${id} v${p}` }) });
    await save.arrayBuffer();
    if (save.status !== 201) throw new Error(`save draft: ${save.status}`);
    const t = performance.now();
    const res = await fetch(`${baseUrl}/api/cms/pages/${id}/publish`, { method: "POST", headers, body: "{}" });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`publish: ${res.status}`);
    latencies.push(performance.now() - t);
  };
  const latencies = [];
  await load(publish, { concurrency: 1, durationMs: 3000 });
  latencies.sort((a, b) => a - b);
  const pct = (q) => latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)];

  return {
    rows: [
      { scenario: `search, FTS5 via searchRoute (${indexed} pages)`, rps: result.candidate.rps, p50: result.candidate.p50, p99: result.candidate.p99 },
      { scenario: "search, LIKE '%term%' scan (baseline)", rps: result.baseline.rps, p50: result.baseline.p50, p99: result.baseline.p99 },
      { scenario: "request floor: empty bench route through wrangler dev", rps: floor.rps, p50: floor.p50, p99: floor.p99 },
      { scenario: "publish (after a draft save)", rps: NaN, p50: pct(0.5), p99: pct(0.99) },
    ],
    figures: {
      "speed-up p50 (HTTP)": result.baseline.p50 / result.candidate.p50,
      "FTS query ms (in worker)": ftsQueryMs,
      "LIKE query ms (in worker)": likeQueryMs,
      "speed-up (in worker)": likeQueryMs / ftsQueryMs,
      "D1 round trip ms (SELECT 1, in worker)": floorQueryMs,
      "search p50 ms": result.candidate.p50,
      "reindex ms": reindexMs,
      goal: "≥ 10× faster, p50 ≤ 5 ms",
    },
  };
}
