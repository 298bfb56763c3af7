import { searchPublished } from "../src/cores/search";
import { pagesCollection } from "../src/site/collections";
import type { SiteEnv } from "../src/site/env";
import { pages } from "../src/site/schema";

/**
 * The search baseline: a `LIKE '%term%'` scan over the same published rows and columns the FTS5
 * index holds, title matches first, as a site without an index would write it.
 */
export async function likeSearch(url: URL, env: SiteEnv): Promise<Response> {
  const q = url.searchParams.get("q") ?? "";
  const limit = Math.min(Number(url.searchParams.get("limit") ?? 10), 50);
  const pattern = `%${q.replace(/[\\%_]/g, "\\$&")}%`;
  const { results } = await env.DB.prepare(
    `SELECT id, slug, title FROM pages
     WHERE published_version_id IS NOT NULL
       AND (title LIKE ?1 ESCAPE '\\' OR body LIKE ?1 ESCAPE '\\' OR sections LIKE ?1 ESCAPE '\\')
     ORDER BY (title LIKE ?1 ESCAPE '\\') DESC, id LIMIT ?2`,
  )
    .bind(pattern, limit)
    .all();
  return Response.json({ items: results });
}

/**
 * In-worker query time of `n` sequential searches: the clock advances across D1 I/O, so this is the
 * database work without HTTP, routing or the dev server in the way.
 */
export async function timedSearches(url: URL, env: SiteEnv): Promise<Response> {
  const terms = (url.searchParams.get("terms") ?? "").split(",").filter(Boolean);
  const n = Number(url.searchParams.get("n") ?? 20);
  const engine = url.searchParams.get("engine");
  const t0 = Date.now();
  for (let i = 0; i < n; i++) {
    const q = terms[i % terms.length] ?? "";
    if (engine === "fts") await searchPublished(env.DB, { table: pages, config: pagesCollection }, q, 10);
    else if (engine === "floor") await env.DB.prepare("SELECT 1").first();
    else await likeSearch(new URL(`http://x/?q=${encodeURIComponent(q)}`), env);
  }
  return Response.json({ msPerQuery: (Date.now() - t0) / n });
}
