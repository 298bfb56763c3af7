import type { D1Client } from "../d1-client";
import { decodeRow, ident, type TableMeta } from "../table-meta";

/** Optional equality filter on one property, e.g. `{ property: "form", value: "contact" }`. */
export interface RowFilter {
  property: string;
  value: string | number;
}

/*
 * Review lists read newest first, so the keyset runs downwards: `next` is the smallest id of the page
 * and the following page takes ids below it. Ids only grow, so new rows never shift a page being read.
 */

/**
 * Lists rows newest first (descending id), `limit` at a time, below the cursor.
 *
 * @example
 * await listNewestFirst(env.DB, tableMeta(submissions), { limit: 20, cursor: null }, { property: "form", value: "contact" })
 */
export async function listNewestFirst(
  db: D1Client,
  meta: TableMeta,
  page: { limit: number; cursor: number | null },
  filter?: RowFilter,
): Promise<{ items: Record<string, unknown>[]; next: string | null }> {
  const pk = ident(meta.columns[meta.primaryKey]!.name);
  const where = [`${pk} < ?1`];
  const params: (string | number)[] = [page.cursor ?? Number.MAX_SAFE_INTEGER, page.limit + 1];
  if (filter) {
    where.push(`${ident(columnName(meta, filter.property))} = ?3`);
    params.push(filter.value);
  }
  const { results } = await db
    .prepare(`SELECT ${meta.selectList} FROM ${ident(meta.name)} WHERE ${where.join(" AND ")} ORDER BY ${pk} DESC LIMIT ?2`)
    .bind(...params)
    .all<Record<string, unknown>>();
  const items = results.slice(0, page.limit).map((row) => decodeRow(meta, row));
  const last = items.at(-1);
  return { items, next: results.length > page.limit && last ? String(last[meta.primaryKey]) : null };
}

/**
 * Deletes one row by id (and, with a filter, only when it matches, so a submission of another form is
 * never deleted through this form's address). Returns whether a row went.
 *
 * @example
 * await deleteMatching(env.DB, tableMeta(submissions), 12, { property: "form", value: "contact" }) // true
 */
export async function deleteMatching(db: D1Client, meta: TableMeta, id: number, filter?: RowFilter): Promise<boolean> {
  const pk = ident(meta.columns[meta.primaryKey]!.name);
  const sql = filter
    ? `DELETE FROM ${ident(meta.name)} WHERE ${pk} = ?1 AND ${ident(columnName(meta, filter.property))} = ?2`
    : `DELETE FROM ${ident(meta.name)} WHERE ${pk} = ?1`;
  const statement = filter ? db.prepare(sql).bind(id, filter.value) : db.prepare(sql).bind(id);
  const result = await statement.run();
  return result.meta.changes > 0;
}

/**
 * Marks one row read (`read_at` set once, to the first time) or unread (null), through the
 * table's `readProperty` column. Returns the row as it is now, or null for an unknown id.
 *
 * @example
 * await markRead(env.DB, tableMeta(inquiries), 12, true, "readAt") // { id: 12, …, readAt: "2026-…Z" }
 */
export async function markRead(db: D1Client, meta: TableMeta, id: number, read: boolean, readProperty: string): Promise<Record<string, unknown> | null> {
  const pk = ident(meta.columns[meta.primaryKey]!.name);
  const column = ident(columnName(meta, readProperty));
  const value = read ? `COALESCE(${column}, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))` : "NULL";
  const row = await db
    .prepare(`UPDATE ${ident(meta.name)} SET ${column} = ${value} WHERE ${pk} = ?1 RETURNING ${meta.selectList}`)
    .bind(id)
    .first<Record<string, unknown>>();
  return row ? decodeRow(meta, row) : null;
}

/**
 * How many rows nobody has read yet (their "read at" column is null): the inbox's unread count.
 *
 * @example
 * await countUnread(env.DB, tableMeta(inquiries), "readAt") // 3
 */
export async function countUnread(db: D1Client, meta: TableMeta, readProperty: string): Promise<number> {
  const column = ident(columnName(meta, readProperty));
  const row = await db.prepare(`SELECT COUNT(*) AS unread FROM ${ident(meta.name)} WHERE ${column} IS NULL`).first<{ unread: number }>();
  return row?.unread ?? 0;
}

function columnName(meta: TableMeta, property: string): string {
  const column = meta.columns[property];
  if (!column) throw new TypeError(`${meta.name} has no column for field ${property}`);
  return column.name;
}
