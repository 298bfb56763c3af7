import type { Table } from "drizzle-orm";
import type { CollectionConfig } from "../collection";
import type { D1Client } from "../d1-client";
import { ident, tableMeta } from "../table-meta";
import { toFtsQuery } from "./fts-query";
import { searchIndexOf } from "./search-index";

/** What a search runs over and how it ranks. */
export interface SearchPublishedOptions {
  /** The Drizzle table of live rows. */
  table: Table;
  /** The collection; needs a `search` config. */
  config: CollectionConfig;
  /** bm25 weight per indexed field; default `title` 10 and every other field 1, so title matches rank first. */
  weights?: Record<string, number>;
  /** Live-row fields each hit carries besides `id`; default the collection's `text` fields. */
  resultFields?: readonly string[];
}

/** One ranked result: `id`, the `resultFields`, an HTML-safe `snippet` with `<mark>` around matches, `score` (higher is better). */
export type SearchHit = Record<string, unknown> & { id: number; snippet: string; score: number };

const DEFAULT_WEIGHTS: Readonly<Record<string, number>> = { title: 10 };
/* Snippet markers: control characters that indexed text never holds (search-text strips them). */
const OPEN = "\u0002";
const CLOSE = "\u0003";
const SNIPPET_TOKENS = 16;

/**
 * Full-text search over published rows, best first (bm25 with per-field weights). `q` is plain
 * text, never FTS syntax (see `toFtsQuery`); a query with nothing searchable returns no hits.
 * Hits are joined back to the live table and must still be published, so an index entry left by
 * a failed cleanup can never surface a deleted or unpublished row.
 *
 * @example
 * await searchPublished(env.DB, { table: pages, config: pagesCollection }, "fast sites", 10)
 * // [{ id: 2, slug: "about", title: "About us", snippet: "…likes <mark>fast</mark> <mark>sites</mark>…", score: 3.1 }]
 */
export async function searchPublished(db: D1Client, options: SearchPublishedOptions, q: string, limit: number): Promise<SearchHit[]> {
  const index = searchIndexOf(options.config);
  if (!index) throw new TypeError(`collection ${options.config.slug} has no search config`);
  const match = toFtsQuery(q);
  if (match === null) return [];
  const meta = tableMeta(options.table);
  const pk = meta.columns[meta.primaryKey]!.name;
  const pointer = meta.columns.publishedVersionId;
  if (!pointer) throw new TypeError(`table ${meta.name} needs a publishedVersionId column to be searchable`);
  const fields = options.resultFields ?? Object.keys(options.config.fields).filter((name) => options.config.fields[name]?.type === "text");
  const select = fields.map((name) => {
    const column = meta.columns[name];
    if (!column) throw new TypeError(`search result field ${name} is not a column of ${meta.name}`);
    return `p.${ident(column.name)} AS ${ident(name)}`;
  });
  const weights = { ...DEFAULT_WEIGHTS, ...options.weights };
  const bm25Args = index.fields.map(({ name }) => String(Number(weights[name] ?? 1))).join(", ");
  const fts = ident(index.name);
  // Rank every match but build snippets only for the page of hits shown: snippet() reads the whole
  // indexed text of a row, so computing it before the LIMIT costs a read per match.
  const sql = `WITH top AS (
      SELECT ${fts}.rowid AS "rid", bm25(${fts}, ${bm25Args}) AS "rank"
      FROM ${fts} JOIN ${ident(meta.name)} p ON p.${ident(pk)} = ${fts}.rowid
      WHERE ${fts} MATCH ?1 AND p.${ident(pointer.name)} IS NOT NULL
      ORDER BY "rank" LIMIT ?2)
    SELECT p.${ident(pk)} AS "id", ${select.map((s) => `${s}, `).join("")}
      snippet(${fts}, -1, ?3, ?4, '…', ${SNIPPET_TOKENS}) AS "snippet", top."rank" AS "rank"
    FROM top JOIN ${fts} ON ${fts}.rowid = top."rid" JOIN ${ident(meta.name)} p ON p.${ident(pk)} = top."rid"
    WHERE ${fts} MATCH ?1
    ORDER BY top."rank"`;
  const { results } = await db.prepare(sql).bind(match, limit, OPEN, CLOSE).all<Record<string, unknown>>();
  return results.map(({ rank, snippet, ...row }) => ({
    ...row,
    id: Number(row.id),
    snippet: markSnippet(typeof snippet === "string" ? snippet : ""),
    score: -Number(rank),
  }));
}

/** Escapes the snippet's text for HTML, then turns the markers into `<mark>` tags. */
function markSnippet(raw: string): string {
  const escaped = raw.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return escaped.replaceAll(OPEN, "<mark>").replaceAll(CLOSE, "</mark>");
}
