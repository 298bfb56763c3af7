import { getTableColumns, getTableName, type Table } from "drizzle-orm";

/** What the cores need to know about one column of a site-owned table. */
export interface ColumnMeta {
  /** Property name in the Drizzle table (the key used in snapshots and JSON bodies). */
  property: string;
  /** SQL column name. */
  name: string;
  /** Stored as JSON text (`text(..., { mode: "json" })`). */
  json: boolean;
  /** A boolean stored as 0/1 (`integer(..., { mode: "boolean" })`): read back as `true`/`false`. */
  boolean: boolean;
  notNull: boolean;
  hasDefault: boolean;
  primary: boolean;
}

/** Column names of a Drizzle table keyed by property name, read once and reused. */
export interface TableMeta {
  name: string;
  columns: Record<string, ColumnMeta>;
  /** Property name of the primary key. */
  primaryKey: string;
  /** `SELECT` list aliasing every column to its property name: `"published_version_id" AS "publishedVersionId", …`. */
  selectList: string;
}

const cache = new WeakMap<Table, TableMeta>();

/**
 * Quotes an SQL identifier (table or column name) for raw SQL; doubles embedded quotes so a
 * configured name can never break out of the identifier.
 *
 * @example
 * `SELECT * FROM ${ident("pages_versions")}` // SELECT * FROM "pages_versions"
 */
export function ident(name: string): string {
  if (name.length === 0 || name.includes("\0")) throw new TypeError(`invalid SQL identifier ${JSON.stringify(name)}`);
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * Reads table and column names from a Drizzle `sqliteTable`.
 *
 * @example
 * const meta = tableMeta(pages); meta.columns.publishedVersionId.name // "published_version_id"
 */
export function tableMeta(table: Table): TableMeta {
  const hit = cache.get(table);
  if (hit) return hit;
  const columns: Record<string, ColumnMeta> = {};
  let primaryKey: string | undefined;
  for (const [property, column] of Object.entries(getTableColumns(table))) {
    const meta: ColumnMeta = {
      property,
      name: column.name,
      json: column.columnType === "SQLiteTextJson",
      boolean: column.columnType === "SQLiteBoolean",
      notNull: column.notNull,
      hasDefault: column.hasDefault,
      primary: column.primary,
    };
    columns[property] = meta;
    if (column.primary) primaryKey = property;
  }
  if (!primaryKey) throw new TypeError(`table ${getTableName(table)} has no primary key column`);
  const selectList = Object.values(columns)
    .map((c) => (c.name === c.property ? ident(c.name) : `${ident(c.name)} AS ${ident(c.property)}`))
    .join(", ");
  const meta: TableMeta = { name: getTableName(table), columns, primaryKey, selectList };
  cache.set(table, meta);
  return meta;
}

/**
 * Turns a row selected with `selectList` into the document shape: JSON columns parsed, boolean columns as `true`/`false`.
 *
 * @example
 * decodeRow(meta, { id: 1, sections: "[]" }) // { id: 1, sections: [] }
 */
export function decodeRow(meta: TableMeta, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    const column = meta.columns[key];
    out[key] = column?.json && typeof value === "string" ? parseJsonColumn(value) : column?.boolean && typeof value === "number" ? value !== 0 : value;
  }
  return out;
}

function parseJsonColumn(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Encodes one document value for its column: JSON columns are stringified, booleans 0/1, the rest pass through. */
export function encodeValue(column: ColumnMeta, value: unknown): unknown {
  if (value === undefined) return null;
  if (column.boolean && typeof value === "boolean") return value ? 1 : 0;
  return column.json ? JSON.stringify(value) : value;
}
