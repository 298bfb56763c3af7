import type { Table } from "drizzle-orm";
import type { CollectionConfig } from "../collection";
import type { D1Client } from "../d1-client";
import { ident, tableMeta } from "../table-meta";
import { toFtsQuery } from "./fts-query";
import type { SearchCache } from "./search-cache";
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
  /**
   * How many matches a search ranks when more match (default {@link SEARCH_RANK_CANDIDATES}): the
   * newest that many (highest ids), plus the newest that many whose heading fields (those weighted
   * above 1, by default `title`) hold every word. `Infinity` ranks every match, whose cost grows
   * with the number of matches.
   */
  rankCandidates?: number;
  /**
   * Answers reused while nothing was published (see `createSearchCache`); one cache per set of
   * options. Cached hits are frozen: they are shared by every caller that asks the same.
   */
  cache?: SearchCache;
}

/** One ranked result: `id`, the `resultFields`, an HTML-safe `snippet` with `<mark>` around matches, `score` (higher is better). */
export type SearchHit = Record<string, unknown> & { id: number; snippet: string; score: number };

const DEFAULT_WEIGHTS: Readonly<Record<string, number>> = { title: 10 };

/**
 * Matches a search ranks by default once more match. bm25 costs about as much per ranked row as a
 * D1 round trip per few hundred rows, so a common word on a large site (1,000+ matches at 100,000
 * pages) would cost several round trips to rank in full; 200 keeps any search near one.
 */
export const SEARCH_RANK_CANDIDATES = 200;
/* Snippet markers: control characters that indexed text never holds (search-text strips them). */
const OPEN = "\u0002";
const CLOSE = "\u0003";
const SNIPPET_TOKENS = 16;

/**
 * Full-text search over published rows, best first (bm25 with per-field weights). `q` is plain
 * text, never FTS syntax (see `toFtsQuery`); a query with nothing searchable returns no hits.
 * Hits are joined back to the live table and must still be published, so an index entry left by
 * a failed cleanup can never surface a deleted or unpublished row. `locale` (a translated
 * collection's) keeps the hits of that locale's records only.
 *
 * @example
 * await searchPublished(env.DB, { table: pages, config: pagesCollection }, "fast sites", 10)
 * // [{ id: 2, slug: "about", title: "About us", snippet: "…likes <mark>fast</mark> <mark>sites</mark>…", score: 3.1 }]
 */
export async function searchPublished(db: D1Client, options: SearchPublishedOptions, q: string, limit: number, locale?: string): Promise<SearchHit[]> {
  const match = toFtsQuery(q);
  if (match === null) return [];
  if (!options.cache) return queryPublished(db, options, match, limit, locale);
  return options.cache.read(`${limit}\u0000${locale ?? ""}\u0000${match}`, async () => Object.freeze((await queryPublished(db, options, match, limit, locale)).map((hit) => Object.freeze(hit))) as SearchHit[]);
}

async function queryPublished(db: D1Client, options: SearchPublishedOptions, match: string, limit: number, locale: string | undefined): Promise<SearchHit[]> {
  const index = searchIndexOf(options.config);
  if (!index) throw new TypeError(`collection ${options.config.slug} has no search config`);
  const meta = tableMeta(options.table);
  const pk = meta.columns[meta.primaryKey]!.name;
  const pointer = meta.columns.publishedVersionId;
  if (!pointer) throw new TypeError(`table ${meta.name} needs a publishedVersionId column to be searchable`);
  const fields = options.resultFields ?? Object.keys(options.config.fields).filter((name) => options.config.fields[name]?.type === "text");
  const select = fields.map((name) => {
    const column = meta.columns[name];
    if (!column) throw new TypeError(`search result field ${name} is not a column of ${meta.name}`);
    return `${ident(column.name)} AS ${ident(name)}`;
  });
  const weights = { ...DEFAULT_WEIGHTS, ...options.weights };
  const weightList = index.fields.map(({ name }) => rankWeight(name, weights[name] ?? 1));
  const rankFunction = `bm25(${weightList.join(", ")})`;
  const candidates = rankCandidates(options.rankCandidates);
  const fts = ident(index.name);
  const live = ident(meta.name);
  const key = ident(pk);
  const published = ident(pointer.name);
  // A translated collection searches one locale: the index holds every locale's rows, the join narrows them.
  const localeColumn = locale === undefined ? undefined : meta.columns.locale;
  if (locale !== undefined && !localeColumn) throw new TypeError(`table ${meta.name} has no locale column to search one locale of`);
  const inLocale = (alias: string) => (localeColumn ? ` AND ${alias}.${ident(localeColumn.name)} = ?6` : "");
  const columns = (alias: string) => `${alias}.${key} AS "id", ${select.map((column) => `${alias}.${column}, `).join("")}`;
  const snippet = `snippet(${fts}, -1, ?3, ?4, '…', ${SNIPPET_TOKENS}) AS "snippet"`;
  // FTS5's own rank order (`rank MATCH 'bm25(…)'` with `ORDER BY rank`): the index ranks the
  // matches, then rows are visited best first, so the join back to the live table and snippet(),
  // which reads a row's whole indexed text, run only until LIMIT rows have passed the filter.
  // Measured on 100,000 pages, 3–5× cheaper than ranking in a subquery and matching again for snippets.
  const ranked = (bound: string) => `SELECT ${columns("p")}${snippet}, ${fts}.rank AS "rank"
    FROM ${fts} JOIN ${live} p ON p.${key} = ${fts}.rowid
    WHERE ${fts} MATCH ?1 AND ${fts}.rank MATCH ?5${bound} AND p.${published} IS NOT NULL${inLocale("p")}
    ORDER BY ${fts}.rank LIMIT ?2`;
  const heading = index.fields.filter((_, i) => Number(weightList[i]) > 1).map(({ name }) => ident(name));
  /*
   * Ranking is bm25 over each ranked row, so its cost grows with the matches. Past `candidates`
   * matches only these are ranked: the newest `candidates` (rowid at or above the cut, found by
   * walking the matches newest first, which costs little), and, so that a common word still finds
   * the page named after it, the newest `candidates` older ones whose heading fields hold every
   * word. Both parts score with the same bm25 over the same MATCH (its statistics are the whole
   * index's), so their scores compare; the older part's snippets come from matching again by
   * rowid, for the rows it returns only. CROSS JOIN keeps that order: left to itself, workerd's
   * SQLite walked every match and read the older part once per match.
   */
  const boundedSql = () => {
    const newest = (matchParam: string, offset: string) =>
      localeColumn
        ? `SELECT c.rowid FROM ${fts} AS c CROSS JOIN ${live} l ON l.${key} = c.rowid WHERE c.${fts} MATCH ${matchParam}${inLocale("l")} ORDER BY c.rowid DESC LIMIT ${offset}`
        : `SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${matchParam} ORDER BY rowid DESC LIMIT ${offset}`;
    const cut = `coalesce((${newest("?1", "1 OFFSET ?7")}), 0)`;
    if (heading.length === 0) return ranked(` AND ${fts}.rowid >= ${cut}`);
    return `SELECT * FROM (${ranked(` AND ${fts}.rowid >= ${cut}`)})
    UNION ALL
    SELECT ${columns("p")}${snippet}, older.bm AS "rank" FROM (
      SELECT o.rowid AS id, bm25(o.${fts}, ${weightList.join(", ")}) AS bm
      FROM ${fts} AS o JOIN ${live} q ON q.${key} = o.rowid
      WHERE o.${fts} MATCH ?1 AND o.rowid < ${cut} AND +o.rowid IN (${newest("?8", "?9")}) AND q.${published} IS NOT NULL${inLocale("q")}
      ORDER BY bm LIMIT ?2
    ) AS older CROSS JOIN ${fts} ON ${fts} MATCH ?1 AND ${fts}.rowid = older.id CROSS JOIN ${live} p ON p.${key} = older.id
    ORDER BY "rank" LIMIT ?2`;
  };
  const sql = candidates === null ? ranked("") : boundedSql();
  // ?6 is bound whenever a later parameter is, so the numbering holds with or without a locale.
  const bindings: unknown[] = [match, limit, OPEN, CLOSE, rankFunction];
  if (candidates === null) bindings.push(...(localeColumn ? [locale] : []));
  else if (heading.length === 0) bindings.push(locale ?? null, candidates - 1);
  else bindings.push(locale ?? null, candidates - 1, `{${heading.join(" ")}} : (${match})`, candidates);
  const { results } = await db.prepare(sql).bind(...bindings).all<Record<string, unknown>>();
  return results.map(({ rank, snippet, ...row }) => ({
    ...row,
    id: Number(row.id),
    snippet: markSnippet(typeof snippet === "string" ? snippet : ""),
    score: -Number(rank),
  }));
}

/* The rank bound: a whole number ≥ 1, or `null` (rank every match) for `Infinity`. */
function rankCandidates(value: number | undefined): number | null {
  const candidates = value ?? SEARCH_RANK_CANDIDATES;
  if (candidates === Number.POSITIVE_INFINITY) return null;
  if (!Number.isInteger(candidates) || candidates < 1) throw new TypeError("search rankCandidates must be a whole number ≥ 1 or Infinity");
  return candidates;
}

/* A weight goes into the rank function's text, so only a finite, non-negative number may. */
function rankWeight(field: string, weight: number): string {
  if (typeof weight !== "number" || !Number.isFinite(weight) || weight < 0) throw new TypeError(`search weight of ${field} must be a finite number ≥ 0`);
  return weight.toFixed(6);
}

/** Escapes the snippet's text for HTML, then turns the markers into `<mark>` tags. */
function markSnippet(raw: string): string {
  const escaped = raw.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return escaped.replaceAll(OPEN, "<mark>").replaceAll(CLOSE, "</mark>");
}
