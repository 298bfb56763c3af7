// Full-text search against a LIKE '%term%' scan: in the worker (query time and server CPU per
// query, the search core without its cache against the scan and a bare D1 round trip, at 10,000
// and LARGE pages, and common words at LARGE pages against the round trip), and over HTTP
// (searchRoute with its published-generation cache against the scan route and an empty route).
// Five alternating rounds each; every ratio is the median round with its spread. Also the reindex
// time and publish latency.
import { withCpu } from "../lib/cpu.mjs";
import { d1RoundTrips } from "../lib/d1-trips.mjs";
import { load, paired } from "../lib/load.mjs";
import { alternate, median, ratioFigure, roundRatios } from "../lib/stats.mjs";

export const name = "search";

const ROUNDS = 5;
const LARGE = Number(process.env.BENCH_LARGE_PAGES ?? 100_000);
const FILL_SLICE = 5_000;

/*
 * One slice of the fill. A slice is idempotent (rows already there are kept), so a 503 from the dev
 * server restarting its runtime under a loaded machine, which it never retries for a POST, is sent again.
 */
async function fillSlice(baseUrl, body) {
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(`${baseUrl}/__bench/corpus`, { method: "POST", body: JSON.stringify(body) });
    if (res.ok || res.status !== 503 || attempt === 4) return res;
    await res.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 2000 * attempt));
  }
}

async function fillLargeCorpus(baseUrl) {
  let rows = 0;
  for (let from = 0; from < LARGE; from += FILL_SLICE) {
    const res = await fillSlice(baseUrl, { from, to: Math.min(LARGE, from + FILL_SLICE), optimize: from + FILL_SLICE >= LARGE });
    if (!res.ok) throw new Error(`corpus fill: ${res.status} ${await res.text()}`);
    rows = (await res.json()).rows;
    if (from === 0 && rows >= LARGE) break; // filled by an earlier run
  }
  return rows;
}

/* One in-worker measurement: `n` sequential queries, with the server CPU they cost. */
async function inWorker(baseUrl, pid, corpus, engine, terms, n) {
  const { value, cpuUs } = await withCpu(pid, async () => {
    const res = await fetch(`${baseUrl}/__bench/timed-search?corpus=${corpus}&engine=${engine}&n=${n}&terms=${terms.join(",")}`);
    if (!res.ok) throw new Error(`timed-search ${engine}: ${res.status} ${await res.text()}`);
    return res.json();
  });
  if (engine !== "floor" && value.hits === 0) throw new Error(`timed-search ${engine} on ${corpus} found nothing`);
  return { ms: value.msPerQuery, cpuUs: cpuUs / n };
}

/*
 * The index against the scan, with a bare `SELECT 1` in the same alternating rounds: every query
 * pays that D1 round trip, so LIKE ÷ round trip is the most any index could reach in that round,
 * and FTS ÷ round trip is what the indexed query costs on top of it.
 */
async function scanVersusIndex(baseUrl, pid, corpus, terms, { ftsQueries, likeQueries }) {
  await inWorker(baseUrl, pid, corpus, "fts", terms, ftsQueries);
  await inWorker(baseUrl, pid, corpus, "like", terms, 2);
  const { fts, like, floor } = await alternate(ROUNDS, {
    fts: () => inWorker(baseUrl, pid, corpus, "fts", terms, ftsQueries),
    like: () => inWorker(baseUrl, pid, corpus, "like", terms, likeQueries),
    floor: () => inWorker(baseUrl, pid, corpus, "floor", terms, ftsQueries),
  });
  return {
    fts,
    like,
    floor,
    time: roundRatios(like, fts, "ms"),
    cpu: roundRatios(like, fts, "cpuUs"),
    overFloor: roundRatios(fts, floor, "ms"),
    bound: roundRatios(like, floor, "ms"),
  };
}

export async function run({ baseUrl, cookie, firstPageId, searchTerms: TERMS, coldTerms, commonTerms, workerdPid }) {
  const t0 = performance.now();
  const reindex = await fetch(`${baseUrl}/api/cms/pages/reindex`, { method: "POST", headers: { cookie, origin: baseUrl } });
  const reindexMs = performance.now() - t0;
  if (!reindex.ok) throw new Error(`reindex: ${reindex.status} ${await reindex.text()}`);
  const { indexed } = await reindex.json();
  const largeRows = await fillLargeCorpus(baseUrl);

  // In the worker, no cache: every FTS query is a D1 round trip, like every scan.
  const small = await scanVersusIndex(baseUrl, workerdPid, "pages", coldTerms, { ftsQueries: 100, likeQueries: 10 });
  const large = await scanVersusIndex(baseUrl, workerdPid, "large", coldTerms, { ftsQueries: 60, likeQueries: 3 });
  const floor = small.floor;
  // Common words on the large corpus: the most matches a search meets, where what is ranked counts most.
  await inWorker(baseUrl, workerdPid, "large", "fts", commonTerms, 4);
  const common = await alternate(ROUNDS, {
    fts: () => inWorker(baseUrl, workerdPid, "large", "fts", commonTerms, 20),
    floor: () => inWorker(baseUrl, workerdPid, "large", "floor", commonTerms, 20),
  });

  // Over HTTP: the popular terms (the route's cache answers repeats), unseen terms, the scan, an empty route.
  let n = 0;
  const get = (path, terms, extra = "") => async () => {
    const q = terms[n++ % terms.length];
    const res = await fetch(`${baseUrl}${path}?q=${q}&limit=10${extra}`, { headers: { cookie } });
    const body = await res.json();
    if (!res.ok || body.items.length === 0) throw new Error(`${path}?q=${q}: ${res.status}`);
  };
  const ping = async () => void (await (await fetch(`${baseUrl}/__bench/ping`)).arrayBuffer());
  const opts = { concurrency: 1, durationMs: 1500 };
  const http = await alternate(ROUNDS, {
    search: () => load(get("/api/cms/pages/search", TERMS), opts),
    cold: () => load(get("/api/cms/pages/search", coldTerms), opts),
    like: () => load(get("/__bench/like-search", TERMS), opts),
  });
  // The light routes against the empty one, loaded at the same time so both meet the same load.
  const floorPairs = await paired({ search: get("/api/cms/pages/search", TERMS), empty: ping }, { rounds: ROUNDS, concurrency: 1, durationMs: 1500 });

  // D1 round trips of one request (a probe apart from the load): popular terms come from the cache.
  const trips = (path) => d1RoundTrips(`${baseUrl}${path}?q=${TERMS[0]}&limit=10`, { cookie });
  const d1 = { search: await trips("/api/cms/pages/search"), like: await trips("/__bench/like-search"), empty: await d1RoundTrips(`${baseUrl}/__bench/ping`) };
  // A miss of the route's cache (no request of the load asks for 9 results): the "one round trip, not two".
  d1.cold = await d1RoundTrips(`${baseUrl}/api/cms/pages/search?q=${coldTerms[0]}&limit=9`, { cookie });

  let p = 0;
  const latencies = [];
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
  await load(publish, { concurrency: 1, durationMs: 3000 });
  latencies.sort((a, b) => a - b);
  const pct = (q) => latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)];
  const med = (runs, key) => median(runs.map((r) => r[key]));

  return {
    rows: [
      { scenario: `search core, no cache, in worker (${indexed} pages): ms / CPU µs per query`, rps: med(small.fts, "cpuUs"), p50: med(small.fts, "ms"), p99: NaN },
      { scenario: `LIKE scan, in worker (${indexed} pages): ms / CPU µs per query`, rps: med(small.like, "cpuUs"), p50: med(small.like, "ms"), p99: NaN },
      { scenario: `search core, no cache, in worker (${largeRows} pages): ms / CPU µs per query`, rps: med(large.fts, "cpuUs"), p50: med(large.fts, "ms"), p99: NaN },
      { scenario: `LIKE scan, in worker (${largeRows} pages): ms / CPU µs per query`, rps: med(large.like, "cpuUs"), p50: med(large.like, "ms"), p99: NaN },
      { scenario: `search core, no cache, in worker (${largeRows} pages), common words (in 14–68% of pages): ms / CPU µs per query`, rps: med(common.fts, "cpuUs"), p50: med(common.fts, "ms"), p99: NaN },
      { scenario: "D1 round trip, in worker (SELECT 1): ms / CPU µs", rps: med(floor, "cpuUs"), p50: med(floor, "ms"), p99: NaN },
      { scenario: "GET …/search, popular terms (HTTP)", rps: med(http.search, "rps"), p50: med(http.search, "p50"), p99: med(http.search, "p99"), d1: d1.search },
      { scenario: "GET …/search, terms not seen before (HTTP)", rps: med(http.cold, "rps"), p50: med(http.cold, "p50"), p99: med(http.cold, "p99"), d1: d1.cold },
      { scenario: "LIKE scan route (HTTP, baseline)", rps: med(http.like, "rps"), p50: med(http.like, "p50"), p99: med(http.like, "p99"), d1: d1.like },
      { scenario: "GET …/search, popular terms, paired with the empty route (HTTP)", rps: med(floorPairs.search, "rps"), p50: med(floorPairs.search, "p50"), p99: med(floorPairs.search, "p99") },
      { scenario: "empty route, paired (HTTP, floor)", rps: med(floorPairs.empty, "rps"), p50: med(floorPairs.empty, "p50"), p99: med(floorPairs.empty, "p99"), d1: d1.empty },
      { scenario: "publish (after a draft save)", rps: NaN, p50: pct(0.5), p99: pct(0.99) },
    ],
    figures: { "reindex ms": reindexMs, "large corpus pages": largeRows },
    ratios: {
      cpu10k: ratioFigure(small.cpu, { op: ">=", value: 10 }, `server CPU per query, LIKE ÷ FTS, ${indexed} pages`),
      cpuLarge: ratioFigure(large.cpu, { op: ">=", value: 50 }, `server CPU per query, LIKE ÷ FTS, ${largeRows} pages`),
      time10k: ratioFigure(small.time, { op: ">=", value: 10 }, `query time in worker, LIKE ÷ FTS, ${indexed} pages`),
      timeLarge: ratioFigure(large.time, { op: ">=", value: 50 }, `query time in worker, LIKE ÷ FTS, ${largeRows} pages`),
      ftsOverFloor10k: ratioFigure(small.overFloor, null, `query time in worker, FTS ÷ D1 round trip (SELECT 1), ${indexed} pages`),
      ftsOverFloorLarge: ratioFigure(large.overFloor, { op: "<=", value: 2 }, `query time in worker, FTS ÷ D1 round trip (SELECT 1), ${largeRows} pages`),
      ftsOverFloorCommon: ratioFigure(roundRatios(common.fts, common.floor, "ms"), null, `query time in worker, FTS ÷ D1 round trip (SELECT 1), ${largeRows} pages, common words`),
      bound10k: ratioFigure(small.bound, null, `query time in worker, LIKE ÷ D1 round trip (the most an index could reach), ${indexed} pages`),
      boundLarge: ratioFigure(large.bound, null, `query time in worker, LIKE ÷ D1 round trip (the most an index could reach), ${largeRows} pages`),
      httpVsLike: ratioFigure(roundRatios(http.like, http.search, "p50"), { op: ">=", value: 10 }, "HTTP p50, LIKE route ÷ search route (popular terms)"),
      httpVsEmpty: ratioFigure(roundRatios(floorPairs.search, floorPairs.empty, "p50"), { op: "<=", value: 1.5 }, "HTTP p50, search route ÷ empty route (popular terms, paired)"),
    },
  };
}
