// GET /api/cms/pages/:id through pagesRoute (routing, session check, JSON) against a bare route in
// the same worker that runs the same D1 select. Goal: ratio ≥ 0.9.
import { compare } from "../lib/load.mjs";

export const name = "page-read";

export async function run({ baseUrl, cookie, firstPageId }) {
  const ids = Array.from({ length: 50 }, (_, i) => firstPageId + i);
  let n = 0;
  const get = (path) => async () => {
    const id = ids[n++ % ids.length];
    const res = await fetch(`${baseUrl}${path}${id}`, { headers: { cookie } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path}${id} answered ${res.status}`);
  };
  const result = await compare(get("/api/cms/pages/"), get("/__bench/bare-page/"), { concurrency: 8, durationMs: 2500, rounds: 3 });
  return {
    rows: [
      { scenario: "GET /api/cms/pages/:id (pagesRoute)", rps: result.candidate.rps, p50: result.candidate.p50, p99: result.candidate.p99 },
      { scenario: "same D1 select, bare route (baseline)", rps: result.baseline.rps, p50: result.baseline.p50, p99: result.baseline.p99 },
    ],
    figures: { ratio: result.ratio, goal: "≥ 0.9" },
  };
}
