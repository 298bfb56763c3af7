import type { D1Client } from "../d1-client";
import { decodeRow } from "../table-meta";
import { draftSql, type DraftDeps } from "./draft-deps";

type ReadDeps = Pick<DraftDeps, "table" | "versionsTable" | "config">;

/**
 * What visitors see of record `id`: its live row when it is published, else `null` (never
 * published, unpublished, or no such record). Never a draft.
 *
 * @example
 * const page = await readPublished(env.DB, deps, 12);
 */
export async function readPublished(db: D1Client | D1Database, deps: ReadDeps, id: number): Promise<Record<string, unknown> | null> {
  const s = draftSql(deps);
  const row = await db.prepare(`SELECT ${s.live.selectList} FROM ${s.L} WHERE ${s.pk} = ?1 AND ${s.pointer} IS NOT NULL`).bind(id).first<Record<string, unknown>>();
  return row ? decodeRow(s.live, row) : null;
}

/**
 * Published records in id order, `limit` at a time after `cursor`: `{ items, next }` as the list
 * route pages them. Unpublished records and drafts are never listed.
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
  const { results } = await db
    .prepare(`SELECT ${s.live.selectList} FROM ${s.L} WHERE ${s.pk} > ?1 AND ${s.pointer} IS NOT NULL ORDER BY ${s.pk} LIMIT ?2`)
    .bind(page.cursor ?? 0, page.limit + 1)
    .all<Record<string, unknown>>();
  const items = results.slice(0, page.limit).map((row) => decodeRow(s.live, row));
  const last = items.at(-1);
  return { items, next: results.length > page.limit && last ? String(last[s.live.primaryKey]) : null };
}
