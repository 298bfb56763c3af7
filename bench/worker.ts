/*
 * Bench worker: the reference site unchanged, plus `/__bench/*` baselines that do the same work
 * without the toolkit, so every figure is a ratio measured in one run on one machine.
 */
import { getServerByName, routePartykitRequest } from "partyserver";
import { resolveSiteEditor } from "../src/auth";
import { getRow } from "../src/cores/pages/page-store";
import type { PageRoom } from "../src/objects/PageRoom";
import { tableMeta } from "../src/cores/table-meta";
import site from "../src/worker";
import { pages } from "../src/tables/pages";
import { countingD1, type RoundTrips } from "./d1-round-trips";
import { benchCpu } from "./worker-cpu";
import { fillCorpus } from "./worker-corpus";
import { benchFreshPage, benchSetup } from "./worker-setup";
import { likeSearch, timedSearches } from "./worker-search";
import { pageViewRoutes } from "./worker-page-view";
import { wakeRoutes, type WakeEnv } from "./worker-wake";

export { CmsService, PageRoom, RateLimitObject } from "../src/worker";
export { BareRoom, DurableBareRoom } from "./bare-room";
export { WakeBareRoom, WakePageRoom } from "./wake-rooms";

interface BenchEnv extends WakeEnv {
  BARE_ROOM: DurableObjectNamespace;
  DURABLE_BARE_ROOM: DurableObjectNamespace;
}

const pagesMeta = tableMeta(pages);

/** Request header asking the worker to count this request's D1 round trips (answered in `x-d1-round-trips`). */
const COUNT_D1 = "x-bench-count-d1";

export default {
  async fetch(request: Request, env: BenchEnv, ctx: ExecutionContext): Promise<Response> {
    // Probes only: the measured load runs on the bare binding, so counting costs it nothing.
    if (!request.headers.has(COUNT_D1)) return route(request, env, ctx);
    const trips: RoundTrips = { count: 0 };
    const answered = await route(request, { ...env, DB: countingD1(env.DB, trips) }, ctx);
    const response = new Response(await answered.arrayBuffer(), answered);
    response.headers.set("x-d1-round-trips", String(trips.count));
    return response;
  },
} satisfies ExportedHandler<BenchEnv>;

async function route(request: Request, env: BenchEnv, ctx: ExecutionContext): Promise<Response> {
  const url = new URL(request.url);
  // Only the baseline rooms are offered to partyserver here: page rooms must keep going through roomRoute's checks.
  if (url.pathname.startsWith("/parties/bare-room/") || url.pathname.startsWith("/parties/durable-bare-room/")) {
    const baselines = { BARE_ROOM: env.BARE_ROOM, DURABLE_BARE_ROOM: env.DURABLE_BARE_ROOM };
    const bare = await routePartykitRequest(request, baselines as unknown as Cloudflare.Env);
    return bare ?? new Response("no room", { status: 404 });
  }
  const wake = await wakeRoutes(request, env, ctx);
  if (wake) return wake;
  const pageView = await pageViewRoutes(request, env);
  if (pageView) return pageView;
  if (url.pathname.startsWith("/__bench/")) {
    if (url.pathname === "/__bench/ping") return new Response("ok");
    if (url.pathname === "/__bench/setup") return benchSetup(request, env);
    if (url.pathname === "/__bench/fresh-page" && request.method === "POST") return benchFreshPage(env, url.searchParams.has("content"));
    if (url.pathname === "/__bench/cpu") return benchCpu(url);
    if (url.pathname === "/__bench/corpus") return fillCorpus(request, env);
    if (url.pathname === "/__bench/like-search") return likeSearch(url, env);
    if (url.pathname === "/__bench/timed-search") return timedSearches(url, env);
    const bare = /^\/__bench\/(bare|authed)-page\/(\d+)$/.exec(url.pathname);
    if (bare) {
      // The baseline: the same D1 select pagesRoute runs, answered as JSON, with no routing or
      // auth; `authed` first resolves the editor as every editor route must (cookie HMAC and the
      // session row that makes sign-out take effect at once), so the two read apart what the
      // session check costs and what the toolkit's routing adds.
      if (bare[1] === "authed" && !(await resolveSiteEditor(request, env))) return Response.json({ error: "sign in" }, { status: 401 });
      const row = await getRow(env.DB, pagesMeta, Number(bare[2]));
      return Response.json(row, { status: row ? 200 : 404 });
    }
    const stats = /^\/__bench\/room-stats\/([^/]+)$/.exec(url.pathname);
    if (stats) {
      const room = await getServerByName(env.PAGE_ROOM as DurableObjectNamespace<PageRoom>, decodeURIComponent(stats[1]!));
      const result = await room.storageStats();
      return result.ok ? Response.json(result.value) : Response.json(result, { status: 500 });
    }
    return new Response("unknown bench route", { status: 404 });
  }
  return site.fetch(request, env, ctx);
}
