import type { Table } from "drizzle-orm";
import { searchPlan, tablePlan, type TablePlan } from "./schema-sql";

/*
 * The text of the package's SQL parts (`sql/<part>.sql`), rendered from their Drizzle tables by the
 * same rules as a site's generated migrations, so a table is written once: in `src/tables`.
 * `npm run sql:generate` writes the files; a test fails when one differs from what this renders.
 */

/** One table of a part, with the constraints Drizzle cannot declare (see `SchemaCollection.columnSql`). */
export interface SqlPartTable {
  /** Why the table exists, written as a comment above it. */
  comment?: string;
  table: Table;
  columnSql?: Readonly<Record<string, string>>;
}

/** The FTS5 search table of a collection, `<slug>_search`. */
export interface SqlPartSearch {
  comment?: string;
  search: { slug: string; table: Table; fields: readonly string[] };
}

/** One SQL part: a file of `sql/`, copied into a site's migrations by `npx cms-toolkit migrations`. */
export interface SqlPart {
  /** The file's name without `.sql`. */
  name: string;
  /** What the part is for, the file's opening comment. */
  comment: string;
  entries: readonly (SqlPartTable | SqlPartSearch)[];
}

function commentLines(text: string | undefined): string[] {
  return text === undefined ? [] : text.split("\n").map((line) => (line === "" ? "--" : `-- ${line}`));
}

function entryPlan(entry: SqlPartTable | SqlPartSearch): TablePlan {
  return "search" in entry ? searchPlan(entry.search.slug, entry.search.fields, entry.search.table) : tablePlan(entry.table, [], entry.columnSql);
}

function entryStatements(entry: SqlPartTable | SqlPartSearch): string[] {
  const plan = entryPlan(entry);
  return [...plan.create, ...plan.indexes.map((index) => index.sql)];
}

/**
 * The tables of a part, planned as a collection's are: what a migration that creates or grows them needs.
 *
 * @example
 * planStatements(sqlPartPlans(part), applied) // [] when the part's tables are applied as declared
 */
export function sqlPartPlans(part: SqlPart): TablePlan[] {
  return part.entries.map(entryPlan);
}

/**
 * The text of `sql/<part.name>.sql`: a header saying where it comes from, then each entry's comment,
 * `CREATE` statement and indexes, entries separated by a blank line.
 *
 * @example
 * renderSqlPart({ name: "share-links", comment: "Share links of drafts.", entries: [{ table: shareLinks }] })
 */
export function renderSqlPart(part: SqlPart): string {
  const header = [`-- cms-toolkit ${part.name} part, generated from the package's Drizzle tables ("cms-toolkit/schema"): do not edit.`, ...commentLines(part.comment)];
  const blocks = part.entries.map((entry) => [...commentLines(entry.comment), ...entryStatements(entry)].join("\n"));
  return `${header.join("\n")}\n${blocks.join("\n\n")}\n`;
}
