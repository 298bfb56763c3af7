import { is, SQL, StringChunk, type Table } from "drizzle-orm";
import { getTableConfig, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { AppliedSchema, AppliedTable } from "./applied-schema";
import { ident } from "./table-meta";

export { APPLIED_SCHEMA_SQL, appliedSchemaFromRows, type AppliedColumn, type AppliedSchema, type AppliedSchemaRow, type AppliedTable } from "./applied-schema";

/*
 * The SQL of a site's collections, derived from their Drizzle declarations so the declaration is the
 * only place a column is written: the tables a fresh database needs, and the steps from an applied
 * schema to the declared one. Pure (no D1, no Node): the CLI reads the applied schema and writes the file.
 */

/** What a migration needs of one collection: a structural subset of `CmsCollection`. */
export interface SchemaCollection {
  table: Table;
  /** The `<slug>_versions` table of a drafts-enabled collection. */
  versionsTable?: Table | undefined;
  /** Search fields, in FTS5 column order; the `<slug>_search` table is made when non-empty. */
  search?: readonly string[] | undefined;
  /**
   * Column constraints Drizzle cannot declare (`COLLATE NOCASE`, a column `CHECK`), by SQL column
   * name, written after the rest of that column's definition in `CREATE TABLE`.
   */
  columnSql?: Readonly<Record<string, string>> | undefined;
}

/** One rule a declaration breaks that no generated migration can make true. */
export interface SchemaConflict {
  table: string;
  column: string;
  problem: string;
}

/** Thrown when the declaration and the applied schema disagree in a way a migration cannot follow. */
export class SchemaDriftError extends Error {
  readonly conflicts: SchemaConflict[];
  constructor(conflicts: SchemaConflict[]) {
    super(
      [
        "the declared collections and the applied schema disagree in a way no generated migration can fix:",
        ...conflicts.map(({ table, column, problem }) => `  ${table}.${column}: ${problem}`),
        "Fix: declare the column as it is applied, or write that migration by hand (SQLite cannot drop or",
        "retype a column in place: create the new table, copy the rows, drop the old one, rename it), apply it,",
        "then generate again.",
      ].join("\n"),
    );
    this.name = "SchemaDriftError";
    this.conflicts = conflicts;
  }
}

/** The FTS5 tokenizer every `<slug>_search` table uses (sql/search.sql). */
const SEARCH_TOKENIZE = "tokenize = 'unicode61 remove_diacritics 2'";

interface ColumnSql {
  name: string;
  type: string;
  notNull: boolean;
  primary: boolean;
  unique: boolean;
  /** The SQL of the default, or null; `constant` is false for an expression such as `(strftime(…))`. */
  defaultSql: string | null;
  constant: boolean;
  /** `REFERENCES t(c) ON DELETE …` when a Drizzle `.references()` names one column. */
  references: string | null;
  /** Raw constraints from {@link SchemaCollection.columnSql}. */
  extra: string | null;
}

function sqlLiteral(value: unknown): string {
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (typeof value === "boolean") return value ? "1" : "0";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return `'${text.replaceAll("'", "''")}'`;
}

function defaultOf(column: SQLiteColumn): { defaultSql: string | null; constant: boolean } {
  if (!column.hasDefault || column.primary || column.default === undefined) return { defaultSql: null, constant: true };
  if (is(column.default, SQL)) {
    const parts = column.default.queryChunks.map((chunk) => {
      if (!is(chunk, StringChunk)) throw new TypeError(`the default of ${column.name} must be plain SQL text`);
      return chunk.value.join("");
    });
    return { defaultSql: parts.join(""), constant: false };
  }
  return { defaultSql: sqlLiteral(column.default), constant: true };
}

function referencesOf(table: Table): Map<string, string> {
  const byColumn = new Map<string, string>();
  for (const key of getTableConfig(table).foreignKeys) {
    const { columns, foreignTable, foreignColumns } = key.reference();
    const [column] = columns;
    const [foreignColumn] = foreignColumns;
    if (columns.length !== 1 || foreignColumns.length !== 1 || !column || !foreignColumn) {
      throw new TypeError(`${getTableConfig(table).name}: only single-column foreign keys are rendered`);
    }
    const actions = [key.onDelete && `ON DELETE ${key.onDelete.toUpperCase()}`, key.onUpdate && `ON UPDATE ${key.onUpdate.toUpperCase()}`].filter(Boolean);
    byColumn.set(column.name, [`REFERENCES ${ident(getTableConfig(foreignTable).name)}(${ident(foreignColumn.name)})`, ...actions].join(" "));
  }
  return byColumn;
}

function columnsOf(table: Table, columnSql: Readonly<Record<string, string>> = {}): ColumnSql[] {
  const config = getTableConfig(table);
  const unknown = Object.keys(columnSql).filter((name) => !config.columns.some((column) => column.name === name));
  if (unknown.length > 0) throw new TypeError(`${config.name}: columnSql names no column ${unknown.join(", ")}`);
  const references = referencesOf(table);
  return config.columns.map((column) => ({
    name: column.name,
    type: column.getSQLType().toUpperCase(),
    notNull: column.notNull,
    primary: column.primary,
    unique: column.isUnique,
    ...defaultOf(column),
    references: references.get(column.name) ?? null,
    extra: columnSql[column.name] ?? null,
  }));
}

function columnDefinition(column: ColumnSql, autoIncrement: boolean): string {
  const parts = [ident(column.name), column.type];
  if (column.primary) parts.push(autoIncrement ? "PRIMARY KEY AUTOINCREMENT" : "PRIMARY KEY");
  else if (column.notNull) parts.push("NOT NULL");
  if (column.unique && !column.primary) parts.push("UNIQUE");
  if (column.defaultSql !== null) parts.push(`DEFAULT ${column.defaultSql}`);
  if (column.references !== null) parts.push(column.references);
  if (column.extra !== null) parts.push(column.extra);
  return parts.join(" ");
}

/** One table a declaration needs, with its SQL. */
export interface TablePlan {
  name: string;
  /** Statements that create it on an empty database. */
  create: string[];
  /** Indexes it needs beside the table: name and statement. */
  indexes: { name: string; sql: string }[];
  columns: ColumnSql[];
  /** FTS5 columns when this is a search table (no ALTER: it is rebuilt). */
  searchColumns?: string[];
}

/**
 * One table's SQL from its Drizzle declaration: `CREATE TABLE` and the indexes it declares, plus
 * `extraIndexes` it lacks.
 *
 * @example
 * tablePlan(shareLinks).indexes[0]?.sql // CREATE INDEX "share_links_record" ON "share_links" ("collection", "record_id");
 */
export function tablePlan(table: Table, extraIndexes: { name: string; sql: string }[] = [], columnSql?: Readonly<Record<string, string>>): TablePlan {
  const config = getTableConfig(table);
  const columns = columnsOf(table, columnSql);
  const autoIncrement = new Set(config.columns.filter((column) => "autoIncrement" in column && column.autoIncrement === true).map((column) => column.name));
  const body = columns.map((column) => `  ${columnDefinition(column, autoIncrement.has(column.name))}`).join(",\n");
  const indexes = [
    ...config.indexes.map(({ config: index }) => ({
      name: index.name,
      sql: `CREATE ${index.unique ? "UNIQUE " : ""}INDEX ${ident(index.name)} ON ${ident(config.name)} (${index.columns.map((column) => ident((column as SQLiteColumn).name)).join(", ")});`,
    })),
    // An index the table declares itself wins over the one the collection implies.
    ...extraIndexes.filter((extra) => !config.indexes.some(({ config: index }) => index.name === extra.name)),
  ];
  return { name: config.name, create: [`CREATE TABLE ${ident(config.name)} (\n${body}\n);`], indexes, columns };
}

/**
 * A collection's FTS5 search table, `<slug>_search`, whose columns are `fields` (properties of `table`).
 *
 * @example
 * searchPlan("pages", ["title", "body"], pages).create[0] // CREATE VIRTUAL TABLE "pages_search" USING fts5(…);
 */
export function searchPlan(slug: string, fields: readonly string[], table: Table): TablePlan {
  const byProperty = getTableConfig(table).columns;
  const name = `${slug}_search`;
  const columns = fields.map((field) => {
    // FTS5 column names are the collection's field (property) names, as searchIndexOf writes them.
    if (!byProperty.some((column) => (table as unknown as Record<string, unknown>)[field] === column)) {
      throw new TypeError(`search field ${field} is not a column of ${slug}`);
    }
    return field;
  });
  const create = `CREATE VIRTUAL TABLE ${ident(name)} USING fts5(\n${columns.map((column) => `  ${ident(column)}`).join(",\n")},\n  ${SEARCH_TOKENIZE}\n);`;
  return { name, create: [create], indexes: [], columns: [], searchColumns: columns };
}

/**
 * Every table a set of collections needs, in creation order: each collection's table, its
 * `<slug>_versions` table with the `(parent_id, status, id)` index, and its FTS5 `<slug>_search` table.
 *
 * @example
 * plannedTables({ pages: pagesDeclaration }).map((t) => t.name) // ["pages", "pages_versions", "pages_search"]
 */
export function plannedTables(collections: Readonly<Record<string, SchemaCollection>>): TablePlan[] {
  const plans: TablePlan[] = [];
  for (const [slug, collection] of Object.entries(collections)) {
    plans.push(tablePlan(collection.table, [], collection.columnSql));
    if (collection.versionsTable) {
      const name = getTableConfig(collection.versionsTable).name;
      const index = `${name}_parent_status`;
      plans.push(tablePlan(collection.versionsTable, [{ name: index, sql: `CREATE INDEX ${ident(index)} ON ${ident(name)} (${["parent_id", "status", "id"].map(ident).join(", ")});` }]));
    }
    if (collection.search && collection.search.length > 0) plans.push(searchPlan(slug, collection.search, collection.table));
  }
  return plans;
}

function addColumn(table: string, column: ColumnSql, conflicts: SchemaConflict[]): string[] {
  const refuse = (problem: string) => conflicts.push({ table, column: column.name, problem });
  if (column.primary) return refuse("declared as a new primary key column (SQLite cannot add one)"), [];
  if (!column.constant) return refuse(`declared with the non-constant default ${column.defaultSql} (SQLite cannot add it to existing rows; use a constant default)`), [];
  if (column.notNull && column.defaultSql === null) return refuse("declared NOT NULL without a default (existing rows would have none; add .default(…) or make it nullable)"), [];
  const statements = [`ALTER TABLE ${ident(table)} ADD COLUMN ${columnDefinition({ ...column, unique: false }, false)};`];
  // ADD COLUMN cannot carry UNIQUE: the same rule as a unique index.
  if (column.unique) statements.push(`CREATE UNIQUE INDEX ${ident(`${table}_${column.name}_unique`)} ON ${ident(table)} (${ident(column.name)});`);
  return statements;
}

function alterTable(plan: TablePlan, applied: AppliedTable, conflicts: SchemaConflict[]): string[] {
  const statements: string[] = [];
  const appliedByName = new Map(applied.columns.map((column) => [column.name, column]));
  const declared = new Set(plan.columns.map((column) => column.name));
  for (const column of applied.columns) {
    if (!declared.has(column.name)) conflicts.push({ table: plan.name, column: column.name, problem: "applied but no longer declared (removed)" });
  }
  for (const column of plan.columns) {
    const existing = appliedByName.get(column.name);
    if (!existing) {
      statements.push(...addColumn(plan.name, column, conflicts));
      continue;
    }
    const want = `${column.type}${column.notNull || column.primary ? " NOT NULL" : ""}${column.primary ? " PRIMARY KEY" : ""}`;
    const have = `${existing.type.toUpperCase()}${existing.notNull || existing.pk > 0 ? " NOT NULL" : ""}${existing.pk > 0 ? " PRIMARY KEY" : ""}`;
    if (want !== have) conflicts.push({ table: plan.name, column: column.name, problem: `declared ${want}, applied ${have} (retyped)` });
  }
  for (const index of plan.indexes) if (!applied.indexes.includes(index.name)) statements.push(index.sql);
  return statements;
}

/**
 * The statements that take `applied` to what `collections` declare: new tables are created, new
 * columns added (`ALTER TABLE … ADD COLUMN`), missing indexes made, and a search table whose fields
 * changed is rebuilt (then reindex it). An empty list means the two agree. Throws
 * {@link SchemaDriftError} naming every removed or retyped column, which no migration here can follow.
 *
 * @example
 * migrationStatements({ pages: pagesDeclaration }, {}) // ["CREATE TABLE \"pages\" (…);", …]
 */
export function migrationStatements(collections: Readonly<Record<string, SchemaCollection>>, applied: AppliedSchema): string[] {
  return planStatements(plannedTables(collections), applied);
}

/**
 * {@link migrationStatements} for tables already planned (a collection's, or a SQL part's).
 *
 * @example
 * planStatements(SQL_PARTS.flatMap(sqlPartPlans), applied) // [] when the parts are applied
 */
export function planStatements(plans: readonly TablePlan[], applied: AppliedSchema): string[] {
  const statements: string[] = [];
  const conflicts: SchemaConflict[] = [];
  for (const plan of plans) {
    const existing = applied[plan.name];
    if (!existing) {
      statements.push(...plan.create, ...plan.indexes.map((index) => index.sql));
    } else if (plan.searchColumns) {
      if (existing.columns.map((column) => column.name).join(",") !== plan.searchColumns.join(",")) {
        // An FTS5 table cannot be altered; it holds derived text only, so it is rebuilt and reindexed.
        statements.push(`-- The search fields of ${plan.name} changed: after applying, POST /api/cms/${plan.name.slice(0, -"_search".length)}/reindex.`);
        statements.push(`DROP TABLE ${ident(plan.name)};`, ...plan.create);
      }
    } else {
      statements.push(...alterTable(plan, existing, conflicts));
    }
  }
  if (conflicts.length > 0) throw new SchemaDriftError(conflicts);
  return statements;
}
