import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { defineCollection } from "../src/cores/collection";
import { indexDocumentStatements, searchIndexOf } from "../src/cores/search";
import type { SiteEnv } from "../src/site/env";
import { benchPage } from "./worker-setup";

/*
 * The large search corpus (100,000 pages by default) lives in bench-only tables, so the site's
 * `pages` keeps its 10,000 and the other scenarios do not change with it. Same columns and the same
 * FTS5 layout as `pages`/`pages_search`; filled through the toolkit's own index statements.
 */
export const corpusTable = sqliteTable("bench_corpus", {
  id: integer("id").primaryKey(),
  slug: text("slug").notNull(),
  title: text("title").notNull(),
  body: text("body").notNull(),
  sections: text("sections", { mode: "json" }).notNull(),
  publishedVersionId: integer("published_version_id"),
});

export const corpusCollection = defineCollection({
  slug: "bench_corpus",
  fields: { slug: { type: "text" }, title: { type: "text" }, body: { type: "richtext" }, sections: { type: "json" } },
  search: { fields: ["title", "body", "sections"] },
});

const index = searchIndexOf(corpusCollection)!;
const ROWS_PER_BATCH = 200;

/**
 * `POST /__bench/corpus` `{ from, to, optimize? }`: makes sure rows `from`..`to - 1` exist, indexed and
 * published; answers `{ rows }`, the corpus size. The runner calls it in slices to stay within a
 * request's limits.
 */
export async function fillCorpus(request: Request, env: SiteEnv): Promise<Response> {
  const { from, to, optimize } = (await request.json()) as { from: number; to: number; optimize?: boolean };
  await env.DB.batch([
    env.DB.prepare(
      "CREATE TABLE IF NOT EXISTS bench_corpus (id INTEGER PRIMARY KEY, slug TEXT NOT NULL, title TEXT NOT NULL, body TEXT NOT NULL, sections TEXT NOT NULL, published_version_id INTEGER)",
    ),
    env.DB.prepare("CREATE VIRTUAL TABLE IF NOT EXISTS bench_corpus_search USING fts5(title, body, sections, tokenize = 'unicode61 remove_diacritics 2')"),
  ]);
  const have = (await env.DB.prepare("SELECT count(*) AS n FROM bench_corpus").first<{ n: number }>())?.n ?? 0;
  const insert = env.DB.prepare("INSERT OR IGNORE INTO bench_corpus (id, slug, title, body, sections, published_version_id) VALUES (?1, ?2, ?3, ?4, '[]', 0)");
  for (let start = Math.max(from, have); start < to; start += ROWS_PER_BATCH) {
    const batch: D1PreparedStatement[] = [];
    for (let i = start; i < Math.min(to, start + ROWS_PER_BATCH); i++) {
      const page = benchPage(i);
      const id = i + 1;
      batch.push(insert.bind(id, page.slug, page.title, page.html));
      batch.push(...indexDocumentStatements(env.DB, index, id, { title: page.title, body: page.html, sections: [] }));
    }
    await env.DB.batch(batch);
  }
  // Merge the index's segments once it is full, as a rebuild does, so every round queries the same shape.
  if (optimize) await env.DB.prepare("INSERT INTO bench_corpus_search (bench_corpus_search) VALUES ('optimize')").run();
  const rows = (await env.DB.prepare("SELECT count(*) AS n FROM bench_corpus").first<{ n: number }>())?.n ?? 0;
  return Response.json({ rows });
}
