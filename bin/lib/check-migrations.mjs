// `cms-toolkit migrations check`: the declared collections against the schema the site's own D1
// has (local or remote), failing with what is missing and the command that fixes it. `cms-toolkit
// dev` runs it after applying the migrations, so a declaration nobody generated a migration for
// stops the start instead of failing later as "no such column".
import { relative } from "node:path";
import { appliedSchemaOf, collectionsOf, importDeclarations } from "./generate-migration.mjs";
import { applyCommand } from "./d1-target.mjs";
import { runWrangler } from "./wrangler.mjs";

/**
 * The schema of the database `target` names (see `d1Target`), read through wrangler.
 *
 * @example
 * await databaseSchema(d1Target({ local: true }), process.cwd(), core)
 */
export async function databaseSchema({ database, target, flags }, cwd, core) {
  const answer = JSON.parse(await runWrangler(["d1", "execute", database, target, "--json", "--command", core.APPLIED_SCHEMA_SQL, ...flags], { cwd }));
  return core.appliedSchemaFromRows(answer.flatMap((result) => result.results ?? []));
}

/** One line per statement a migration would need: its first line, without the opening bracket. */
const summarize = (statements) =>
  statements.filter((sql) => !sql.startsWith("--")).map((sql) => `  ${sql.split("\n")[0].replace(/\s*\($/, "").replace(/;$/, "")}`);

/**
 * Resolves when the database has every table, column and index the collections of `from` declare;
 * rejects with an Error naming what is missing (or removed, or retyped) and the fix: applying the
 * migrations when those in `dir` already make the schema, else generating the missing one.
 *
 * @example
 * await checkMigrations({ from: resolve("src/collections.ts"), dir: resolve("migrations"), cwd, target: d1Target({ local: true }) })
 */
export async function checkMigrations({ from, dir, cwd, target }) {
  const core = await import("../../dist/lib/cores/schema-sql.js");
  const collections = collectionsOf(await importDeclarations(from, cwd));
  const where = `the ${target.remote ? "remote" : "local"} database ${target.database}`;
  const declared = `the collections declared in ${relative(cwd, from)}`;
  let needed;
  try {
    needed = core.migrationStatements(collections, await databaseSchema(target, cwd, core));
  } catch (error) {
    if (error instanceof core.SchemaDriftError) throw new Error(`${where} does not match ${declared}: ${error.message}`);
    throw error;
  }
  if (needed.length === 0) return;
  const generate = `npx cms-toolkit migrations generate --from ${relative(cwd, from)} --dir ${relative(cwd, dir)}`;
  let folderMakesIt = false;
  try {
    folderMakesIt = core.migrationStatements(collections, await appliedSchemaOf(dir, cwd, core)).length === 0;
  } catch (error) {
    if (!(error instanceof core.SchemaDriftError)) throw error;
  }
  const fix = folderMakesIt
    ? `Fix: ${applyCommand(target)}   (the migrations in ${relative(cwd, dir)}/ make them, but not all are applied)`
    : `Fix: ${generate}, then ${applyCommand(target)}`;
  throw new Error(`${where} does not match ${declared}; it lacks:\n${summarize(needed).join("\n")}\n${fix}`);
}
