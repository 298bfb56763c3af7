// The SQL both archive writers read D1 with, so the CLI (through `wrangler d1 execute`, which takes
// no bound parameters) and the site's export route read the same values in the same order: rows in
// primary-key order, blobs as hex, credentials blanked in the query itself.
import { exportedColumns, isCredential, siteTables } from "./archive-rules";

/** The applied migrations and the AUTOINCREMENT counters, recorded in the manifest. */
export const HEAD_SQL = {
  migrations: `SELECT name FROM d1_migrations ORDER BY id`,
  sequences: `SELECT name, seq FROM sqlite_sequence ORDER BY name`,
};

/** Rows read per table per query. */
export const PAGE_ROWS = 500;

/** The query that lists every table with its columns and primary-key positions. */
export const TABLES_SQL = `SELECT m.name AS "table", m.sql AS "sql", p.name AS "column", p.pk AS "pk"
FROM sqlite_master m JOIN pragma_table_info(m.name) p
WHERE m.type = 'table' AND m.name NOT GLOB 'sqlite_*' AND m.name NOT GLOB '_cf_*' ORDER BY m.name, p.cid`;

/** One row of {@link TABLES_SQL}. */
export interface TableColumnRow {
  table: string;
  sql: string | null;
  column: string;
  pk: number;
}

/** A site's tables as {@link describeTables} reads them. */
export interface SiteTables {
  data: string[];
  search: string[];
  columns: Record<string, string[]>;
  keys: Record<string, string[]>;
  sequenced: boolean;
}

/** A value of an archive row: what D1 gives back, a blob as `{ blob: "<hex>" }`. */
export type ArchiveValue = string | number | null | { blob: string };

/**
 * A quoted SQL identifier.
 *
 * @example
 * ident('my "table"') // '"my ""table"""'
 */
export function ident(name: string): string {
  return `"${String(name).replaceAll('"', '""')}"`;
}

/**
 * A value of an archive row as an SQL literal: `null`, numbers, text, and `{ blob: "<hex>" }`.
 *
 * @example
 * literal("it's") // "'it''s'"
 */
export function literal(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`the archive holds a number SQL cannot store: ${value}`);
    return String(value);
  }
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "string") return `'${value.replaceAll("'", "''")}'`;
  const blob = typeof value === "object" ? (value as { blob?: unknown }).blob : undefined;
  if (typeof blob === "string" && /^[0-9A-Fa-f]*$/.test(blob)) return `X'${blob}'`;
  throw new Error(`the archive holds a value SQL cannot store: ${JSON.stringify(value)}`);
}

/**
 * The tables of a D1 from the rows of {@link TABLES_SQL}: `columns[name]` lists a table's columns,
 * `keys[name]` its primary key (`["rowid"]` when none), and `sequenced` says whether
 * sqlite_sequence exists.
 *
 * @example
 * describeTables(rows).keys.pages // ["id"]
 */
export function describeTables(rows: readonly TableColumnRow[]): SiteTables {
  const columns: Record<string, string[]> = {};
  const keyed: Record<string, [number, string][]> = {};
  const sql = new Map<string, string | null>();
  for (const row of rows) {
    sql.set(row.table, row.sql);
    (columns[row.table] ??= []).push(row.column);
    if (row.pk > 0) (keyed[row.table] ??= []).push([row.pk, row.column]);
  }
  const keys: Record<string, string[]> = {};
  for (const table of Object.keys(columns)) keys[table] = keyed[table] ? keyed[table].sort((a, b) => a[0] - b[0]).map(([, column]) => column) : ["rowid"];
  // SQLite makes sqlite_sequence with the first AUTOINCREMENT table.
  const sequenced = [...sql.values()].some((text) => /AUTOINCREMENT/i.test(text ?? ""));
  return { ...siteTables([...sql].map(([name, text]) => ({ name, sql: text }))), columns, keys, sequenced };
}

/** What a table's pages are read by: its exported columns, its key, and whether hashes go out. */
export interface TablePlan {
  table: string;
  columns: string[];
  keys: string[];
  withCredentials: boolean;
}

/**
 * How one table is read: its exported columns and its key.
 *
 * @example
 * tablePlan(describeTables(rows), "pages", false)
 */
export function tablePlan(tables: SiteTables, table: string, withCredentials: boolean): TablePlan {
  return { table, columns: exportedColumns(table, tables.columns[table] ?? []), keys: tables.keys[table] ?? ["rowid"], withCredentials };
}

/**
 * One page of a table's rows after `cursor` (its last key, or null), as SQL. Each row carries its
 * key as `__key<i>` (the next cursor, {@link nextCursor}) and its blob columns in `__blobs`.
 *
 * @example
 * pageSql(plan, null) // SELECT … FROM "pages" ORDER BY "id" LIMIT 500
 */
export function pageSql(plan: TablePlan, cursor: readonly unknown[] | null): string {
  const { table, columns, keys, withCredentials } = plan;
  const value = (column: string) =>
    isCredential(table, column) && !withCredentials ? `'' AS ${ident(column)}` : `CASE typeof(${ident(column)}) WHEN 'blob' THEN hex(${ident(column)}) ELSE ${ident(column)} END AS ${ident(column)}`;
  const blobs = columns.map((column, i) => `CASE typeof(${ident(column)}) WHEN 'blob' THEN '${i},' ELSE '' END`).join(" || ");
  const keyList = keys.map((key) => (key === "rowid" ? "rowid" : ident(key)));
  const select = [...columns.map(value), `${blobs || "''"} AS "__blobs"`, ...keyList.map((key, i) => `${key} AS "__key${i}"`)];
  const after = cursor === null ? "" : ` WHERE (${keyList.join(", ")}) > (${cursor.map(literal).join(", ")})`;
  return `SELECT ${select.join(", ")} FROM ${ident(table)}${after} ORDER BY ${keyList.join(", ")} LIMIT ${PAGE_ROWS}`;
}

/** The cursor after a full page: its last row's key, else `null` (the table is done). */
export function nextCursor(plan: TablePlan, rows: readonly Record<string, unknown>[]): unknown[] | null {
  if (rows.length < PAGE_ROWS) return null;
  const last = rows[rows.length - 1]!;
  return plan.keys.map((_, k) => last[`__key${k}`]);
}

/**
 * An archive row from a result row: values in column order, blobs as `{ blob: "<hex>" }`.
 *
 * @example
 * archiveRow(["id", "data"], { id: 1, data: "00FF", __blobs: "1," }) // [1, { blob: "00FF" }]
 */
export function archiveRow(columns: readonly string[], row: Record<string, unknown>): ArchiveValue[] {
  const blobs = new Set(String(row.__blobs).split(",").filter(Boolean).map(Number));
  return columns.map((column, i) => (blobs.has(i) ? { blob: String(row[column]) } : (row[column] as ArchiveValue)));
}
