// A visitor's page view (issue 38, item 1): a published page through the site's edge cache (the
// Workers Cache API, local in wrangler dev) when cached (`x-cms-cache: HIT`), revalidated (the
// visitor's `If-None-Match` answered 304) and missed (rendered from D1 and stored: every request a
// page not cached under the current edge generation), against a bare Worker answering the same
// HTML from a string it holds and from one D1 select. Each side's requests are checked to be what
// the side claims (a HIT that missed would flatter the cache), and each row reports the D1 round
// trips of one request. Throughput and latency from paired rounds (the sides of like cost loaded at
// once: cached, revalidated and the static string; a miss and the D1 select), server CPU per
// request from alternating rounds. No goal: the issue asks for the figures and the edge cache's
// cost model.
import { d1RoundTrips } from "../lib/d1-trips.mjs";
import { compare, paired } from "../lib/load.mjs";
import { median, ratioFigure, roundRatios } from "../lib/stats.mjs";

export const name = "page-view";

/* Pages the cached side cycles through; the miss side starts past them. */
const CACHED_PAGES = 50;
const PAIRED = { concurrency: 4, durationMs: 2000, rounds: 5 };
const ALTERNATING = { concurrency: 8, durationMs: 1500, rounds: 3 };

async function visit(url, headers = {}) {
  const res = await fetch(url, { headers });
  const body = await res.text();
  return { status: res.status, cache: res.headers.get("x-cms-cache"), etag: res.headers.get("etag"), body };
}

export async function run({ baseUrl, workerdPid }) {
  const slugs = Array.from({ length: CACHED_PAGES }, (_, i) => `bench-${i}`);
  // The site's own HTML of each cached page (stored by this first visit), handed to the baselines.
  const etags = new Map();
  const pages = [];
  for (const slug of slugs) {
    const first = await visit(`${baseUrl}/${slug}`);
    if (first.status !== 200) throw new Error(`/${slug} answered ${first.status}`);
    const again = await visit(`${baseUrl}/${slug}`);
    if (again.cache !== "HIT" || !again.etag) throw new Error(`/${slug} was not kept by the edge cache (x-cms-cache ${again.cache})`);
    etags.set(slug, again.etag);
    pages.push({ slug, html: again.body });
  }
  const handed = await fetch(`${baseUrl}/__bench/page-view/html`, { method: "POST", body: JSON.stringify({ pages }) });
  if (!handed.ok) throw new Error(`page-view setup answered ${handed.status}`);
  const htmlBytes = median(pages.map((p) => new TextEncoder().encode(p.html).length));

  const wrong = { cached: 0, revalidated: 0, miss: 0 };
  let n = 0;
  const nextSlug = () => slugs[n++ % slugs.length];
  const cached = async () => {
    const res = await visit(`${baseUrl}/${nextSlug()}`);
    if (res.status !== 200) throw new Error(`cached page answered ${res.status}`);
    if (res.cache !== "HIT") wrong.cached++;
  };
  const revalidated = async () => {
    const slug = nextSlug();
    const res = await visit(`${baseUrl}/${slug}`, { "if-none-match": etags.get(slug) });
    if (res.status !== 304) throw new Error(`revalidation answered ${res.status}`);
    if (res.cache !== "HIT") wrong.revalidated++;
  };
  const staticString = async () => {
    const res = await visit(`${baseUrl}/__bench/page-view/static`);
    if (res.status !== 200) throw new Error(`static baseline answered ${res.status}`);
  };
  let missed = CACHED_PAGES;
  const miss = async () => {
    const res = await visit(`${baseUrl}/bench-${missed++ % 10_000}`);
    if (res.status !== 200) throw new Error(`missed page answered ${res.status}`);
    if (res.cache !== "MISS") wrong.miss++;
  };
  const d1Select = async () => {
    const res = await visit(`${baseUrl}/__bench/page-view/d1/${nextSlug()}`);
    if (res.status !== 200) throw new Error(`D1 baseline answered ${res.status}`);
  };
  const purgeAll = async () => {
    const res = await fetch(`${baseUrl}/__bench/page-view/purge-all`, { method: "POST" });
    if (res.status !== 204) throw new Error(`page-view purge answered ${res.status}`);
  };

  const light = await paired({ cached, revalidated, staticString }, PAIRED);
  const lightCpu = await compare(cached, staticString, { ...ALTERNATING, pid: workerdPid });
  const cachedTrips = await d1RoundTrips(`${baseUrl}/${slugs[0]}`);
  // Every page misses once after the generation moves; the miss side never visits a page twice.
  await purgeAll();
  const heavy = await paired({ miss, d1Select }, PAIRED);
  const heavyCpu = await compare(miss, d1Select, { ...ALTERNATING, pid: workerdPid });
  if (missed - CACHED_PAGES >= 10_000) throw new Error(`the miss side visited ${missed - CACHED_PAGES} pages, more than the 10,000 seeded: some were cached`);

  const trips = {
    cached: cachedTrips,
    miss: await d1RoundTrips(`${baseUrl}/bench-${missed++ % 10_000}`),
    d1Select: await d1RoundTrips(`${baseUrl}/__bench/page-view/d1/${slugs[0]}`),
  };
  const med = (runs, key) => median(runs.map((r) => r[key]));
  const row = (scenario, runs, d1) => ({ scenario, rps: med(runs, "rps"), p50: med(runs, "p50"), p99: med(runs, "p99"), d1 });
  return {
    rows: [
      row("visitor's page, cached (edge HIT), paired", light.cached, trips.cached),
      row("visitor's page, revalidated (304 on If-None-Match), paired", light.revalidated, trips.cached),
      row("same HTML from a string, bare Worker (baseline), paired", light.staticString, 0),
      row("visitor's page, missed (rendered and stored), paired", heavy.miss, trips.miss),
      row("same HTML from one D1 select, bare Worker (baseline), paired", heavy.d1Select, trips.d1Select),
    ],
    figures: {
      "HTML bytes per page": htmlBytes,
      "server CPU µs per request, cached": lightCpu.candidate.cpuUs,
      "server CPU µs per request, static string": lightCpu.baseline.cpuUs,
      "server CPU µs per request, missed": heavyCpu.candidate.cpuUs,
      "server CPU µs per request, D1 select": heavyCpu.baseline.cpuUs,
      "requests not answered as their side claims (cached, revalidated, missed)": `${wrong.cached}, ${wrong.revalidated}, ${wrong.miss}`,
    },
    ratios: {
      cachedRps: ratioFigure(roundRatios(light.cached, light.staticString, "rps"), null, "visitor's page req/s, cached ÷ static string"),
      revalidatedRps: ratioFigure(roundRatios(light.revalidated, light.staticString, "rps"), null, "visitor's page req/s, revalidated (304) ÷ static string"),
      cachedCpu: ratioFigure(lightCpu.cpuRatio.values, null, "server CPU per request, cached page ÷ static string"),
      missRps: ratioFigure(roundRatios(heavy.miss, heavy.d1Select, "rps"), null, "visitor's page req/s, missed ÷ one D1 select"),
      missCpu: ratioFigure(heavyCpu.cpuRatio.values, null, "server CPU per request, missed page ÷ one D1 select"),
      wrongSide: ratioFigure([wrong.cached + wrong.revalidated + wrong.miss], { op: "<=", value: 0 }, "page views not answered as their side claims (a HIT that missed, a miss that hit)"),
    },
  };
}
