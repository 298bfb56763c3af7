import type { Table } from "drizzle-orm";
import { decodeRow, ident, tableMeta } from "../table-meta";

/** One page of the registry: rows newest first, and the cursor of the next page (or null). */
export interface MediaPage {
  items: Record<string, unknown>[];
  next: string | null;
}

/** How a library page is asked for: bounds already applied by the caller's paging rule. */
export interface MediaListQuery {
  limit: number;
  /** An id from a previous page's `next`: this page starts below it. */
  cursor: number | null;
  /** Words that must each occur in the file name or the alt text (case-insensitive for ASCII letters, as SQLite's `lower` is); "" for all. */
  search: string;
}

/** Search words kept: more narrow nothing a person types into a picker. */
const MAX_SEARCH_WORDS = 8;

/**
 * Lists the media registry newest first, optionally narrowed to assets whose file name or alt text
 * contains every word of `search` (a substring match with `instr`, so `%` and `_` are literal and a
 * long word is no pattern: D1 refuses a LIKE pattern over 50 bytes). Keyset paging on the primary key: a page never repeats or skips a row while uploads
 * arrive. A registry without a `name` column is searched by alt text alone.
 *
 * @example
 * await listMediaPage(env.DB, media, { limit: 24, cursor: null, search: "door" })
 * // { items: [{ id: 7, key: "….png", name: "red door.png", alt: "A red door", … }], next: null }
 */
export async function listMediaPage(db: D1Database, registry: Table, query: MediaListQuery): Promise<MediaPage> {
  const meta = tableMeta(registry);
  const pk = ident(meta.columns[meta.primaryKey]!.name);
  const searched = ["name", "alt"].filter((property) => property in meta.columns).map((property) => ident(meta.columns[property]!.name));
  const words = query.search.split(/\s+/).filter((word) => word !== "").slice(0, MAX_SEARCH_WORDS);
  const binds: unknown[] = [query.cursor ?? Number.MAX_SAFE_INTEGER, query.limit + 1];
  const conditions = [`${pk} < ?1`];
  for (const word of words) {
    binds.push(word);
    const at = `lower(?${binds.length})`;
    conditions.push(`(${searched.map((column) => `instr(lower(${column}), ${at}) > 0`).join(" OR ") || "0"})`);
  }
  const { results } = await db
    .prepare(`SELECT ${meta.selectList} FROM ${ident(meta.name)} WHERE ${conditions.join(" AND ")} ORDER BY ${pk} DESC LIMIT ?2`)
    .bind(...binds)
    .all<Record<string, unknown>>();
  const items = results.slice(0, query.limit).map((row) => decodeRow(meta, row));
  const last = items.at(-1);
  return { items, next: results.length > query.limit && last ? String(last[meta.primaryKey]) : null };
}
