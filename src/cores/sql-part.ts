import type { Table } from "drizzle-orm";
import { searchPlan, tablePlan } from "./schema-sql";

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

function entryStatements(entry: SqlPartTable | SqlPartSearch): string[] {
  const plan = "search" in entry ? searchPlan(entry.search.slug, entry.search.fields, entry.search.table) : tablePlan(entry.table, [], entry.columnSql);
  return [...plan.create, ...plan.indexes.map((index) => index.sql)];
}

/**
 * The statements of a part, in order, without its comments: what applying `sql/<part.name>.sql` runs.
 *
 * @example
 * sqlPartStatements(part).map((sql) => db.prepare(sql))
 */
export function sqlPartStatements(part: SqlPart): string[] {
  return part.entries.flatMap(entryStatements);
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
