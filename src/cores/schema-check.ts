/**
 * Which of `names` the database has no table (or view) of, asked of D1's `sqlite_master`. Used
 * after a failed query, so a missing table is told apart from any other failure by the schema
 * itself and never by the error's text.
 *
 * @example
 * await absentTables(env.DB, ["posts", "posts_versions"]) // ["posts_versions"] before its migration
 */
export async function absentTables(db: D1Database, names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const { results } = await db
    .prepare("SELECT value AS name FROM json_each(?1) WHERE value NOT IN (SELECT name FROM sqlite_master WHERE type IN ('table', 'view'))")
    .bind(JSON.stringify(names))
    .all<{ name: string }>();
  return results.map((row) => row.name);
}

/**
 * Which of `columns` the table `table` lacks, asked of D1's `pragma_table_info` (empty when the
 * table itself is absent: {@link absentTables} says that). Used after a failed query, so a
 * renamed or never-migrated column is found by the schema, not by the error's text.
 *
 * @example
 * await absentColumns(env.DB, "posts", ["id", "title", "summary"]) // ["summary"] before its migration
 */
export async function absentColumns(db: D1Database, table: string, columns: readonly string[]): Promise<string[]> {
  if (columns.length === 0) return [];
  const { results } = await db
    .prepare("SELECT value AS name FROM json_each(?1) WHERE value NOT IN (SELECT name FROM pragma_table_info(?2)) AND EXISTS (SELECT 1 FROM pragma_table_info(?2))")
    .bind(JSON.stringify(columns), table)
    .all<{ name: string }>();
  return results.map((row) => row.name);
}
