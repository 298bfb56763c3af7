import type { D1Client } from "../d1-client";
import { explainReadFailure } from "../explain-failure";
import { decodeRow, ident, type TableMeta } from "../table-meta";
import { draftSql, type DraftDeps } from "./draft-deps";

type ReadDeps = Pick<DraftDeps, "table" | "versionsTable" | "config">;

/*
 * The live columns, each qualified by its table: SQLite reads an unknown double-quoted name as a
 * string literal, so a column renamed without its migration would come back as its own name in
 * every row; qualified (`"pages"."headline"`) it is an error, which the catch below explains.
 */
const qualified = new WeakMap<TableMeta, string>();
function qualifiedSelect(meta: TableMeta): string {
  let list = qualified.get(meta);
  if (list === undefined) {
    const table = ident(meta.name);
    list = Object.values(meta.columns)
      .map((c) => `${table}.${ident(c.name)} AS ${ident(c.property)}`)
      .join(", ");
    qualified.set(meta, list);
  }
  return list;
}

/**
 * What visitors see of record `id`: its live row when it is published, else `null` (never
 * published, unpublished, or no such record). Never a draft. A database its migrations have not
 * caught up with (a table or a declared column missing) throws a 503 `MisconfiguredError` naming
 * the fix, since a site calls this from its own code, outside any route's error edge.
 *
 * @example
 * const page = await readPublished(env.DB, deps, 12);
 */
export async function readPublished(db: D1Client | D1Database, deps: ReadDeps, id: number): Promise<Record<string, unknown> | null> {
  const s = draftSql(deps);
  try {
    const row = await db.prepare(`SELECT ${qualifiedSelect(s.live)} FROM ${s.L} WHERE ${s.pk} = ?1 AND ${s.pointer} IS NOT NULL`).bind(id).first<Record<string, unknown>>();
    return row ? decodeRow(s.live, row) : null;
  } catch (caught) {
    throw await explainReadFailure(db, [s.live], caught);
  }
}

/**
 * Published records in id order, `limit` at a time after `cursor`: `{ items, next }` as the list
 * route pages them. Unpublished records and drafts are never listed. A missing table or declared
 * column throws a 503 `MisconfiguredError` naming the fix, as {@link readPublished} does.
 *
 * @example
 * const { items, next } = await listPublished(env.DB, deps, { limit: 20, cursor: null });
 */
export async function listPublished(
  db: D1Client | D1Database,
  deps: ReadDeps,
  page: { limit: number; cursor: number | null },
): Promise<{ items: Record<string, unknown>[]; next: string | null }> {
  const s = draftSql(deps);
  let results: Record<string, unknown>[];
  try {
    ({ results } = await db
      .prepare(`SELECT ${qualifiedSelect(s.live)} FROM ${s.L} WHERE ${s.pk} > ?1 AND ${s.pointer} IS NOT NULL ORDER BY ${s.pk} LIMIT ?2`)
      .bind(page.cursor ?? 0, page.limit + 1)
      .all<Record<string, unknown>>());
  } catch (caught) {
    throw await explainReadFailure(db, [s.live], caught);
  }
  const items = results.slice(0, page.limit).map((row) => decodeRow(s.live, row));
  const last = items.at(-1);
  return { items, next: results.length > page.limit && last ? String(last[s.live.primaryKey]) : null };
}
