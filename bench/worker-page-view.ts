import { EDGE_GENERATION_KEY } from "../src/cms/edge-cache";
import type { SiteEnv } from "../src/site/env";

/*
 * The page-view scenario's baselines: a bare Worker answering a visitor's page with the same HTML
 * the site rendered, once from a string it holds and once from one D1 select, with no routing,
 * rendering, cache or security headers. The scenario hands the worker the site's own HTML first.
 */

/** The HTML of one page, held by the worker: the static-string baseline. */
let staticHtml: string | null = null;

const HTML_HEADERS = { "content-type": "text/html; charset=utf-8" };

/**
 * `POST /__bench/page-view/html` `{ pages: [{ slug, html }] }`: keeps the first page's HTML as the
 * static string and every page's in the bench-only table `bench_page_html` for the D1 baseline.
 * `POST /__bench/page-view/purge-all`: moves the site's edge generation, so every cached page
 * misses once. `GET /__bench/page-view/static` and `GET /__bench/page-view/d1/:slug` answer a page.
 */
export async function pageViewRoutes(request: Request, env: SiteEnv): Promise<Response | undefined> {
  const url = new URL(request.url);
  if (!url.pathname.startsWith("/__bench/page-view/")) return undefined;
  if (url.pathname === "/__bench/page-view/static") {
    return staticHtml === null ? new Response("no page handed in", { status: 404 }) : new Response(staticHtml, { headers: HTML_HEADERS });
  }
  const d1 = /^\/__bench\/page-view\/d1\/([^/]+)$/.exec(url.pathname);
  if (d1) {
    const row = await env.DB.prepare("SELECT html FROM bench_page_html WHERE slug = ?1").bind(decodeURIComponent(d1[1]!)).first<{ html: string }>();
    return row ? new Response(row.html, { headers: HTML_HEADERS }) : new Response("not found", { status: 404 });
  }
  if (url.pathname === "/__bench/page-view/html" && request.method === "POST") {
    const { pages } = (await request.json()) as { pages: { slug: string; html: string }[] };
    staticHtml = pages[0]?.html ?? null;
    const insert = env.DB.prepare("INSERT OR REPLACE INTO bench_page_html (slug, html) VALUES (?1, ?2)");
    await env.DB.batch([
      env.DB.prepare("CREATE TABLE IF NOT EXISTS bench_page_html (slug TEXT PRIMARY KEY, html TEXT NOT NULL)"),
      ...pages.map((page) => insert.bind(page.slug, page.html)),
    ]);
    return Response.json({ pages: pages.length });
  }
  if (url.pathname === "/__bench/page-view/purge-all" && request.method === "POST") {
    await env.KV.put(EDGE_GENERATION_KEY, `bench-${Date.now()}-${crypto.randomUUID()}`);
    return new Response(null, { status: 204 });
  }
  return new Response("unknown page-view route", { status: 404 });
}
