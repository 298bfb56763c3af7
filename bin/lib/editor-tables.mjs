// Why writing an editor failed, asked of the database itself: when D1 has no `editors` table the
// site's migrations were never applied, and the command that fixes it is named instead of
// wrangler's bare SQLITE_ERROR. The check runs only after a failure and reads `sqlite_master`,
// never the error's text.

/** The tables `add-editor` writes (sql/core.sql). */
export const EDITOR_TABLES = ["editors", "editor_sessions"];

const CHECK_SQL = `SELECT name FROM sqlite_master WHERE type = 'table' AND name IN (${EDITOR_TABLES.map((name) => `'${name}'`).join(", ")})`;

/**
 * Runs the `wrangler d1 execute <database> <--local|--remote> --command <sql> [flags…]` arguments
 * that `addEditorsArgs` built; when they fail and the database lacks the editor tables, rejects
 * with an Error naming them and the migration command for the same database and flags.
 *
 * @example
 * await runEditorSql((args) => runWrangler(args, { cwd }), await addEditorsArgs(editors, { hash }));
 */
export async function runEditorSql(run, args) {
  try {
    return await run(args);
  } catch (error) {
    throw (await missingTablesError(run, args)) ?? error;
  }
}

async function missingTablesError(run, args) {
  const [, , database, target, , , ...rest] = args;
  // The check asks for JSON itself; the write may have too.
  const flags = rest.filter((flag) => flag !== "--json");
  let present;
  try {
    const answer = JSON.parse(await run(["d1", "execute", database, target, "--json", "--command", CHECK_SQL, ...flags]));
    present = new Set(answer.flatMap((result) => result.results ?? []).map((row) => row.name));
  } catch {
    // The database cannot even answer the check (wrong binding, no wrangler.toml): wrangler's own error says more.
    return null;
  }
  const absent = EDITOR_TABLES.filter((name) => !present.has(name));
  if (absent.length === 0) return null;
  const apply = ["npx wrangler d1 migrations apply", database, target, ...flags].join(" ");
  return new Error(
    `the database ${database} has no table ${absent.join(", ")}: its migrations are not applied.\n` +
      `Fix: ${apply}\n(the toolkit's tables are copied into migrations/ by: npx cms-toolkit migrations migrations)`,
  );
}
