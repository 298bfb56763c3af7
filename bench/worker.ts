/*
 * Bench worker: the reference site unchanged, plus `/__bench/*` baselines that do the same work
 * without the toolkit, so every figure is a ratio measured in one run on one machine.
 */
import { getRow } from "../src/cores/pages/page-store";
import { tableMeta } from "../src/cores/table-meta";
import site from "../src/worker";
import type { SiteEnv } from "../src/site/env";
import { pages } from "../src/site/schema";
import { benchCpu } from "./worker-cpu";
import { benchSetup } from "./worker-setup";
import { likeSearch, timedSearches } from "./worker-search";

export { PageRoom } from "../src/worker";

const pagesMeta = tableMeta(pages);

export default {
  async fetch(request: Request, env: SiteEnv, ctx: ExecutionContext): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname.startsWith("/__bench/")) {
      if (url.pathname === "/__bench/ping") return new Response("ok");
      if (url.pathname === "/__bench/setup") return benchSetup(request, env);
      if (url.pathname === "/__bench/cpu") return benchCpu(url);
      if (url.pathname === "/__bench/like-search") return likeSearch(url, env);
      if (url.pathname === "/__bench/timed-search") return timedSearches(url, env);
      const bare = /^\/__bench\/bare-page\/(\d+)$/.exec(url.pathname);
      if (bare) {
        // The baseline: the same D1 select pagesRoute runs, answered as JSON, with no routing or auth.
        const row = await getRow(env.DB, pagesMeta, Number(bare[1]));
        return Response.json(row, { status: row ? 200 : 404 });
      }
      return new Response("unknown bench route", { status: 404 });
    }
    return site.fetch(request, env, ctx);
  },
} satisfies ExportedHandler<SiteEnv>;
