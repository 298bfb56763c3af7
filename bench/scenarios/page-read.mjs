// GET /api/cms/pages/:id through the site (room gate, composed routes, signed-cookie session,
// JSON) against a bare route in the same worker that runs the same D1 select. Goal: throughput
// ratio ≥ 0.95, the median of five alternating rounds.
import { compare } from "../lib/load.mjs";
import { ratioFigure } from "../lib/stats.mjs";

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
  const result = await compare(get("/api/cms/pages/"), get("/__bench/bare-page/"), { concurrency: 8, durationMs: 2000, rounds: 5, pid: workerdPid });
  return {
    rows: [
      { scenario: "GET /api/cms/pages/:id (pagesRoute)", rps: result.candidate.rps, p50: result.candidate.p50, p99: result.candidate.p99 },
      { scenario: "same D1 select, bare route (baseline)", rps: result.baseline.rps, p50: result.baseline.p50, p99: result.baseline.p99 },
    ],
    figures: { "server CPU µs per request": result.candidate.cpuUs, "baseline CPU µs per request": result.baseline.cpuUs },
    ratios: {
      throughput: ratioFigure(result.rpsRatio.values, { op: ">=", value: 0.95 }, "page read req/s ÷ bare select req/s"),
      cpu: ratioFigure(result.cpuRatio.values, null, "server CPU per request, page read ÷ bare select"),
    },
  };
}
