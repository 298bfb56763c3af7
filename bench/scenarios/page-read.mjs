// GET /api/cms/pages/:id through the site (room gate, composed routes, signed-cookie session,
// JSON) against a bare route in the same worker that runs the same D1 select, and against that
// bare route plus the session check every editor request makes (cookie HMAC and one D1 read of the
// session row). Each row also reports the D1 round trips one request of it makes (a probe apart
// from the load). Goal: throughput ratio ≥ 0.95 to the bare select, the median of seven paired rounds
// (all routes loaded at once, 4 loops each, so all meet the same machine load). Server CPU per
// request comes from alternating rounds.
import { d1RoundTrips } from "../lib/d1-trips.mjs";
import { compare, paired } from "../lib/load.mjs";
import { median, ratioFigure, roundRatios } from "../lib/stats.mjs";

export const name = "page-read";

export async function run({ baseUrl, cookie, firstPageId, workerdPid }) {
  const ids = Array.from({ length: 50 }, (_, i) => firstPageId + i);
  let n = 0;
  const get = (path) => async () => {
    const id = ids[n++ % ids.length];
    const res = await fetch(`${baseUrl}${path}${id}`, { headers: { cookie } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path}${id} answered ${res.status}`);
  };
  const { page, bare, authed } = await paired(
    { page: get("/api/cms/pages/"), bare: get("/__bench/bare-page/"), authed: get("/__bench/authed-page/") },
    { concurrency: 4, durationMs: 2000, rounds: 7 },
  );
  const result = await compare(get("/api/cms/pages/"), get("/__bench/bare-page/"), { concurrency: 8, durationMs: 1500, rounds: 3, pid: workerdPid });
  const med = (runs, key) => median(runs.map((r) => r[key]));
  const trips = (path) => d1RoundTrips(`${baseUrl}${path}${firstPageId}`, { cookie });
  return {
    rows: [
      { scenario: "GET /api/cms/pages/:id (pagesRoute), paired", rps: med(page, "rps"), p50: med(page, "p50"), p99: med(page, "p99"), d1: await trips("/api/cms/pages/") },
      { scenario: "same D1 select, bare route (baseline), paired", rps: med(bare, "rps"), p50: med(bare, "p50"), p99: med(bare, "p99"), d1: await trips("/__bench/bare-page/") },
      { scenario: "same D1 select after the session check, bare route, paired", rps: med(authed, "rps"), p50: med(authed, "p50"), p99: med(authed, "p99"), d1: await trips("/__bench/authed-page/") },
    ],
    figures: { "server CPU µs per request": result.candidate.cpuUs, "baseline CPU µs per request": result.baseline.cpuUs },
    ratios: {
      throughput: ratioFigure(roundRatios(page, bare, "rps"), { op: ">=", value: 0.95 }, "page read req/s ÷ bare select req/s"),
      authed: ratioFigure(roundRatios(page, authed, "rps"), null, "page read req/s ÷ session check + bare select req/s (the routing's own cost)"),
      session: ratioFigure(roundRatios(authed, bare, "rps"), null, "session check + bare select req/s ÷ bare select req/s (what the per-request session read costs)"),
      cpu: ratioFigure(result.cpuRatio.values, null, "server CPU per request, page read ÷ bare select"),
    },
  };
}
