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
  // Every match, or the newest only, in FTS5's own rank order (`rank MATCH 'bm25(…)'` with `ORDER
  // BY rank`): the index ranks the matches, then rows are visited best first, so the join back to
  // the live table and snippet(), which reads a row's whole indexed text, run only until LIMIT rows
  // have passed the filter. Measured on 100,000 pages, 3–5× cheaper than ranking every match in a
  // subquery and matching again for snippets.
  const ranked = (bound: string) => `SELECT ${columns("p")}${snippet}, ${fts}.rank AS "rank"
    FROM ${fts} JOIN ${live} p ON p.${key} = ${fts}.rowid
    WHERE ${fts} MATCH ?1 AND ${fts}.rank MATCH ?5${bound} AND p.${published} IS NOT NULL${inLocale("p")}
    ORDER BY ${fts}.rank LIMIT ?2`;
  const heading = index.fields.filter((_, i) => Number(weightList[i]) > 1).map(({ name }) => ident(name));
  /* The newest `count` matches of `matchParam` (in the locale searched), read newest first from the index: cheap. */
  const newest = (matchParam: string, count: string) =>
    localeColumn
      ? `SELECT c.rowid FROM ${fts} AS c CROSS JOIN ${live} l ON l.${key} = c.rowid WHERE c.${fts} MATCH ${matchParam}${inLocale("l")} ORDER BY c.rowid DESC LIMIT ${count}`
      : `SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${matchParam} ORDER BY rowid DESC LIMIT ${count}`;
  /*
   * Ranking is bm25 over each ranked row, so its cost grows with the matches. Past `candidates`
   * matches only the newest `candidates` are ranked (rowid at or above the cut, found by walking
   * the matches newest first), which FTS5's own rank order does alone.
   */
  const newestSql = () => ranked(` AND ${fts}.rowid >= coalesce((${newest("?1", "1 OFFSET ?7")}), 0)`);
  /*
   * With heading fields, also the newest `candidates` matches whose heading holds every word, so
   * that a common word still finds the page named after it. Both lists come from the index newest
   * first; one walk over the matches from the oldest listed row up ranks the listed rows only,
   * with the same bm25 over the same MATCH (its statistics are the whole index's), so the scores
   * are a full ranking's. The live table is read after ranking, for the best `2 × limit` rows
   * only: reading a live row costs several times ranking one (in SQLite, on a copy of the bench's
   * 100,000 pages, checking every candidate doubled the query), and the index holds published
   * rows only, so the check is a safety net (an entry left by a failed cleanup) whose spare rows
   * keep the page full. Snippets are made for the rows returned, by matching each again by rowid.
   * Without the `+` on the rowid lists, workerd's SQLite plans them as index lookups and refuses
   * the query ("unable to use function MATCH in the requested context").
   */
  const withHeadingSql = () => `WITH recent(id) AS MATERIALIZED (${newest("?1", "?7")}),
      headed(id) AS MATERIALIZED (${newest("?8", "?7")})
    SELECT ${columns("p")}${snippet}, best.bm AS "rank" FROM (
      SELECT scored.id, scored.bm FROM (
        SELECT c.rowid AS id, bm25(c.${fts}, ${weightList.join(", ")}) AS bm FROM ${fts} AS c
        WHERE c.${fts} MATCH ?1
          AND c.rowid >= (SELECT min(id) FROM (SELECT id FROM recent UNION ALL SELECT id FROM headed))
          AND (+c.rowid IN recent OR +c.rowid IN headed)
        ORDER BY bm LIMIT 2 * ?2
      ) AS scored CROSS JOIN ${live} q ON q.${key} = scored.id
      WHERE q.${published} IS NOT NULL
      ORDER BY scored.bm LIMIT ?2
    ) AS best CROSS JOIN ${fts} ON ${fts} MATCH ?1 AND ${fts}.rowid = best.id CROSS JOIN ${live} p ON p.${key} = best.id
    ORDER BY "rank" LIMIT ?2`;
  const sql = candidates === null ? ranked("") : heading.length === 0 ? newestSql() : withHeadingSql();
  // ?6 is bound whenever a later parameter is, so the numbering holds with or without a locale.
  const bindings: unknown[] = [match, limit, OPEN, CLOSE, rankFunction];
  if (candidates === null) bindings.push(...(localeColumn ? [locale] : []));
  else if (heading.length === 0) bindings.push(locale ?? null, candidates - 1);
  else bindings.push(locale ?? null, candidates, `{${heading.join(" ")}} : (${match})`);
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
