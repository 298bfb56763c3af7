import { HttpError } from "../../shared/errors";
import type { D1Client } from "../d1-client";
import { decodeRow, encodeValue, ident, type TableMeta } from "../table-meta";

/** Keyset page of rows, ordered by id. `next` is the cursor for the following page. */
export interface RowPage {
  items: Record<string, unknown>[];
  next: string | null;
}

const NOW_SQL = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/**
 * Lists rows in id order, `limit` at a time, after the cursor (an id).
 *
 * @example
 * await listRows(env.DB, tableMeta(pages), { limit: 20, cursor: null })
 */
export async function listRows(db: D1Client, meta: TableMeta, page: { limit: number; cursor: number | null }, only?: { property: string; value: string }): Promise<RowPage> {
  const pk = ident(meta.columns[meta.primaryKey]!.name);
  const column = only ? meta.columns[only.property] : undefined;
  // Rows of one value only, such as a translated collection's locale.
  const where = column ? ` AND ${ident(column.name)} = ?3` : "";
  const { results } = await db
    .prepare(`SELECT ${meta.selectList} FROM ${ident(meta.name)} WHERE ${pk} > ?1${where} ORDER BY ${pk} LIMIT ?2`)
    .bind(page.cursor ?? 0, page.limit + 1, ...(column && only ? [only.value] : []))
    .all<Record<string, unknown>>();
  const items = results.slice(0, page.limit).map((row) => decodeRow(meta, row));
  const last = items.at(-1);
  const next = results.length > page.limit && last ? String(last[meta.primaryKey]) : null;
  return { items, next };
}

/**
 * One row by primary key, or `null`.
 *
 * @example
 * await getRow(env.DB, tableMeta(pages), 12)
 */
export async function getRow(db: D1Client, meta: TableMeta, id: number): Promise<Record<string, unknown> | null> {
  const pk = ident(meta.columns[meta.primaryKey]!.name);
  const row = await db.prepare(`SELECT ${meta.selectList} FROM ${ident(meta.name)} WHERE ${pk} = ?1`).bind(id).first<Record<string, unknown>>();
  return row ? decodeRow(meta, row) : null;
}

/**
 * Whether row `id` exists: one primary-key lookup that reads no columns.
 *
 * @example
 * await rowExists(env.DB, tableMeta(pages), 12) // true
 */
export async function rowExists(db: D1Client, meta: TableMeta, id: number): Promise<boolean> {
  const pk = ident(meta.columns[meta.primaryKey]!.name);
  return (await db.prepare(`SELECT 1 AS "found" FROM ${ident(meta.name)} WHERE ${pk} = ?1`).bind(id).first()) !== null;
}

/**
 * The first row whose `property` equals `value` (e.g. a page by slug), or `null`.
 *
 * @example
 * await findRowBy(env.DB, tableMeta(pages), "slug", "about")
 */
export async function findRowBy(db: D1Client, meta: TableMeta, property: string, value: string | number): Promise<Record<string, unknown> | null> {
  const column = meta.columns[property];
  if (!column) throw new TypeError(`${meta.name} has no column for field ${property}`);
  const row = await db.prepare(`SELECT ${meta.selectList} FROM ${ident(meta.name)} WHERE ${ident(column.name)} = ?1 LIMIT 1`).bind(value).first<Record<string, unknown>>();
  return row ? decodeRow(meta, row) : null;
}

/**
 * Inserts a row and returns it. A uniqueness conflict (such as a taken slug) is a 409, decided by
 * SQLite's `ON CONFLICT DO NOTHING`, never by reading an error message.
 *
 * @example
 * await insertRow(env.DB, tableMeta(pages), { slug: "about", title: "About" })
 */
export async function insertRow(db: D1Client, meta: TableMeta, data: Record<string, unknown>): Promise<Record<string, unknown>> {
  return insertedRow(meta, await insertRowStatement(db, meta, data).first<Record<string, unknown>>());
}

/** A guard on an insert: the row goes in only while no row of `table` has `column` equal to `value`. */
export interface InsertUnless {
  table: string;
  column: string;
  value: string | number;
}

/**
 * The statement `insertRow` runs, for a caller that batches it with other writes: it inserts the
 * row (a unique conflict inserts nothing) and returns it. With `unless`, nothing is inserted while
 * that row exists, checked in the same statement (so inside a batch, atomically with the batch's
 * other writes). Read its result with {@link insertedRow}.
 *
 * @example
 * const [row] = await db.batch([insertRowStatement(db, meta, data, { table: "form_tokens", column: "id", value: tokenId }), claim]);
 */
export function insertRowStatement(db: D1Client, meta: TableMeta, data: Record<string, unknown>, unless?: InsertUnless): D1PreparedStatement {
  const entries = columnEntries(meta, data);
  const values = entries.map(([, value]) => value);
  if (entries.length === 0) {
    if (unless) throw new TypeError(`a guarded insert into ${meta.name} needs at least one column`);
    return db.prepare(`INSERT INTO ${ident(meta.name)} DEFAULT VALUES RETURNING ${meta.selectList}`);
  }
  const columns = entries.map(([name]) => ident(name)).join(", ");
  const marks = entries.map((_, i) => `?${i + 1}`).join(", ");
  if (!unless) {
    return db.prepare(`INSERT INTO ${ident(meta.name)} (${columns}) VALUES (${marks}) ON CONFLICT DO NOTHING RETURNING ${meta.selectList}`).bind(...values);
  }
  const absent = `NOT EXISTS (SELECT 1 FROM ${ident(unless.table)} WHERE ${ident(unless.column)} = ?${entries.length + 1})`;
  // An INSERT … SELECT with an upsert clause needs its WHERE (SQLite's parsing rule); it has one.
  return db
    .prepare(`INSERT INTO ${ident(meta.name)} (${columns}) SELECT ${marks} WHERE ${absent} ON CONFLICT DO NOTHING RETURNING ${meta.selectList}`)
    .bind(...values, unless.value);
}

/**
 * The row an {@link insertRowStatement} returned, decoded; 409 `conflict` when it inserted nothing.
 *
 * @example
 * const row = insertedRow(meta, results[0]?.results[0] ?? null);
 */
export function insertedRow(meta: TableMeta, row: Record<string, unknown> | null | undefined): Record<string, unknown> {
  if (!row) throw new HttpError(409, `a ${meta.name} row with the same unique value already exists`, { code: "conflict" });
  return decodeRow(meta, row);
}

/**
 * Updates the given columns of one row (and `updatedAt` when the table has it) and returns the row,
 * `null` when there is no such row, or a 409 on a uniqueness conflict.
 *
 * @example
 * await updateRow(env.DB, tableMeta(pages), 12, { title: "New title" })
 */
export async function updateRow(
  db: D1Client,
  meta: TableMeta,
  id: number,
  data: Record<string, unknown>,
): Promise<Record<string, unknown> | null> {
  const entries = columnEntries(meta, data);
  const sets = entries.map(([name], i) => `${ident(name)} = ?${i + 2}`);
  const updatedAt = meta.columns.updatedAt;
  if (updatedAt && !Object.hasOwn(data, "updatedAt")) sets.push(`${ident(updatedAt.name)} = ${NOW_SQL}`);
  if (sets.length === 0) return getRow(db, meta, id);
  const pk = ident(meta.columns[meta.primaryKey]!.name);
  const sql = `UPDATE OR IGNORE ${ident(meta.name)} SET ${sets.join(", ")} WHERE ${pk} = ?1 RETURNING ${meta.selectList}`;
  const row = await db.prepare(sql).bind(id, ...entries.map(([, value]) => value)).first<Record<string, unknown>>();
  if (row) return decodeRow(meta, row);
  const exists = await getRow(db, meta, id);
  if (exists) throw new HttpError(409, `the update conflicts with another ${meta.name} row's unique value`, { code: "conflict" });
  return null;
}

/**
 * Deletes a row, and with `children` the rows that point at it, in one atomic batch that runs
 * `before` first (statements that still read the row, such as a redirect cleanup). Returns
 * whether the row existed.
 *
 * @example
 * await deleteRow(env.DB, tableMeta(pages), 12, [{ meta: tableMeta(pagesVersions), column: "parentId" }])
 */
export async function deleteRow(
  db: D1Client,
  meta: TableMeta,
  id: number,
  children: { meta: TableMeta; column: string }[] = [],
  before: D1PreparedStatement[] = [],
): Promise<boolean> {
  const pk = ident(meta.columns[meta.primaryKey]!.name);
  const statements = [
    ...before,
    ...children.map(({ meta: child, column }) => db.prepare(`DELETE FROM ${ident(child.name)} WHERE ${ident(child.columns[column]!.name)} = ?1`).bind(id)),
  ];
  statements.push(db.prepare(`DELETE FROM ${ident(meta.name)} WHERE ${pk} = ?1`).bind(id));
  const results = await db.batch(statements);
  return (results.at(-1)?.meta.changes ?? 0) > 0;
}

function columnEntries(meta: TableMeta, data: Record<string, unknown>): [string, unknown][] {
  return Object.entries(data).map(([key, value]) => {
    const column = meta.columns[key];
    if (!column) throw new TypeError(`${meta.name} has no column for field ${key}`);
    return [column.name, encodeValue(column, value)];
  });
}
