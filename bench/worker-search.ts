import type { Table } from "drizzle-orm";
import type { CollectionConfig } from "../src/cores/collection";
import { searchPublished } from "../src/cores/search";
import { pagesCollection } from "../src/site/collections";
import type { SiteEnv } from "../src/site/env";
import { pages } from "../src/tables/pages";
import { corpusCollection, corpusTable } from "./worker-corpus";

/* The two corpora: the site's own `pages` (10,000 bench pages) and the bench-only large one. */
const CORPORA: Record<string, { sqlTable: string; table: Table; config: CollectionConfig }> = {
  pages: { sqlTable: "pages", table: pages, config: pagesCollection },
  large: { sqlTable: "bench_corpus", table: corpusTable, config: corpusCollection },
};

function corpusOf(url: URL) {
  const corpus = CORPORA[url.searchParams.get("corpus") ?? "pages"];
  if (!corpus) throw new Error("unknown corpus");
  return corpus;
}

/**
 * The search baseline: a `LIKE '%term%'` scan over the same published rows and columns the FTS5
 * index holds, title matches first, as a site without an index would write it.
 */
export async function likeSearch(url: URL, env: SiteEnv): Promise<Response> {
  const q = url.searchParams.get("q") ?? "";
  const limit = Math.min(Number(url.searchParams.get("limit") ?? 10), 50);
  const pattern = `%${q.replace(/[\\%_]/g, "\\$&")}%`;
  const { results } = await env.DB.prepare(
    `SELECT id, slug, title FROM ${corpusOf(url).sqlTable}
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
 * database work without HTTP, routing or the dev server in the way. `engine=fts` runs the search
 * core with no cache (every query reaches D1), `like` the scan, `floor` a `SELECT 1`.
 */
export async function timedSearches(url: URL, env: SiteEnv): Promise<Response> {
  const terms = (url.searchParams.get("terms") ?? "").split(",").filter(Boolean);
  const n = Number(url.searchParams.get("n") ?? 20);
  const engine = url.searchParams.get("engine");
  const corpus = corpusOf(url);
  let hits = 0;
  const t0 = Date.now();
  for (let i = 0; i < n; i++) {
    const q = terms[i % terms.length] ?? "";
    if (engine === "fts") hits += (await searchPublished(env.DB, { table: corpus.table, config: corpus.config }, q, 10)).length;
    else if (engine === "floor") await env.DB.prepare("SELECT 1").first();
    else {
      const like = new URL(`http://x/?q=${encodeURIComponent(q)}&corpus=${url.searchParams.get("corpus") ?? "pages"}`);
      hits += ((await (await likeSearch(like, env)).json()) as { items: unknown[] }).items.length;
    }
  }
  return Response.json({ msPerQuery: (Date.now() - t0) / n, hits });
}
