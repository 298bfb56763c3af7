/*
 * The schema a database has, as the migration generator compares it with the declared tables: read
 * from `sqlite_master` and `pragma_table_info` in one query, so D1 and the CLI (through wrangler)
 * read it alike.
 */

/** One column of a table as SQLite reports it (`pragma table_info`). */
export interface AppliedColumn {
  name: string;
  type: string;
  notNull: boolean;
  /** Position in the primary key, 0 when not part of it. */
  pk: number;
}

/** One table of the applied schema: its columns and its indexes' names. */
export interface AppliedTable {
  columns: AppliedColumn[];
  indexes: string[];
}

/** The applied schema, by table name. */
export type AppliedSchema = Record<string, AppliedTable>;

/** Reads the applied schema; run it in the database, then pass its rows to {@link appliedSchemaFromRows}. */
export const APPLIED_SCHEMA_SQL = `SELECT m.type AS "kind", m.name AS "name", m.tbl_name AS "tableName", p.name AS "columnName", p.type AS "columnType", p."notnull" AS "notNull", p.pk AS "pk"
FROM sqlite_master m LEFT JOIN pragma_table_info(m.name) p ON m.type = 'table'
WHERE m.type IN ('table', 'index') AND m.name NOT GLOB 'sqlite_*' AND m.name NOT GLOB '_cf_*' AND m.name <> 'd1_migrations'
ORDER BY m.name, p.cid`;

/** One row of {@link APPLIED_SCHEMA_SQL}. */
export interface AppliedSchemaRow {
  kind: string;
  name: string;
  tableName: string;
  columnName: string | null;
  columnType: string | null;
  notNull: number | null;
  pk: number | null;
}

/**
 * The applied schema from the rows of {@link APPLIED_SCHEMA_SQL}.
 *
 * @example
 * appliedSchemaFromRows((await db.prepare(APPLIED_SCHEMA_SQL).all<AppliedSchemaRow>()).results)
 */
export function appliedSchemaFromRows(rows: readonly AppliedSchemaRow[]): AppliedSchema {
  const schema: AppliedSchema = {};
  const tableOf = (name: string) => (schema[name] ??= { columns: [], indexes: [] });
  for (const row of rows) {
    if (row.kind === "index") tableOf(row.tableName).indexes.push(row.name);
    else if (row.columnName !== null) {
      tableOf(row.name).columns.push({ name: row.columnName, type: row.columnType ?? "", notNull: row.notNull === 1, pk: row.pk ?? 0 });
    } else tableOf(row.name);
  }
  return schema;
}
