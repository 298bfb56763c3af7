// `cms-toolkit migrations generate`: the site's declared collections against the schema its
// migrations folder makes, written as the next numbered migration. The schema is read from a
// throwaway local D1 that the folder is applied to (never the site's own database): its files in
// the order `wrangler d1 migrations apply` takes them, each statement as wrangler runs it, so what
// is compared is the schema that command would leave. The SQL itself comes from the package's core
// (dist/lib/cores/schema-sql.js); this file only loads, runs wrangler and writes.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { basename, dirname, extname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { getTableName, is, Table } from "drizzle-orm";
import { resolveWrangler, runWrangler } from "./wrangler.mjs";

const TYPESCRIPT = new Set([".ts", ".mts", ".tsx"]);

/**
 * Imports the module that declares the collections. TypeScript is bundled first with the esbuild
 * that wrangler brings (relative imports inlined, packages left to the site's node_modules), to a
 * file beside the source so those packages resolve as they do for the source.
 *
 * @example
 * await importDeclarations(resolve("src/collections.ts"), process.cwd())
 */
export async function importDeclarations(path, cwd) {
  if (!existsSync(path)) throw new Error(`--from ${path}: no such file`);
  if (!TYPESCRIPT.has(extname(path))) return import(pathToFileURL(path).href);
  const esbuild = createRequire(resolveWrangler(cwd)).resolve("esbuild");
  const { build } = await import(pathToFileURL(esbuild).href);
  const outfile = join(dirname(path), `.${basename(path, extname(path))}.cms-toolkit-${process.pid}.mjs`);
  try {
    await build({ entryPoints: [path], outfile, bundle: true, format: "esm", platform: "node", packages: "external", logLevel: "error" });
    return await import(pathToFileURL(outfile).href);
  } finally {
    rmSync(outfile, { force: true });
  }
}

/**
 * The collections a module declares: its `collections` export (name → collection, as passed to
 * `createCms`) when it has one, else every export made by `cmsCollection`, named by its table.
 *
 * @example
 * collectionsOf(await importDeclarations(file, cwd)) // { pages: { table, versionsTable, … } }
 */
export function collectionsOf(module) {
  const isCollection = (value) => typeof value === "object" && value !== null && is(value.table, Table) && typeof value.fields === "object";
  if (typeof module.collections === "object" && module.collections !== null) return module.collections;
  const found = Object.fromEntries(Object.values(module).filter(isCollection).map((value) => [getTableName(value.table), value]));
  if (Object.keys(found).length === 0) throw new Error("the --from module exports no collections: export `collections` (as passed to createCms) or each cmsCollection(…)");
  return found;
}

/**
 * The schema the migrations in `dir` make, applied to a fresh throwaway local D1.
 *
 * @example
 * await appliedSchemaOf(resolve("migrations"), process.cwd(), core)
 */
export async function appliedSchemaOf(dir, cwd, core) {
  const scratch = mkdtempSync(join(tmpdir(), "cms-toolkit-schema-"));
  try {
    const config = join(scratch, "wrangler.toml");
    writeFileSync(
      config,
      [
        'name = "cms-toolkit-schema"',
        'compatibility_date = "2026-04-01"',
        "[[d1_databases]]",
        'binding = "DB"',
        'database_name = "schema"',
        'database_id = "00000000-0000-0000-0000-000000000000"',
        `migrations_dir = ${JSON.stringify(dir)}`,
      ].join("\n"),
    );
    const flags = ["--local", "--persist-to", join(scratch, "state"), "-c", config];
    // One `d1 execute --file` of every migration: the same statements through wrangler's local D1 as
    // `migrations apply` runs, in one runtime where that command starts one per file (~1 s each).
    const files = appliedOrder(dir);
    if (files.length > 0) {
      const all = join(scratch, "migrations.sql");
      writeFileSync(all, files.map((name) => readFileSync(join(dir, name), "utf8")).join("\n;\n"));
      await runWrangler(["d1", "execute", "DB", ...flags, "--file", all, "--yes"], { cwd });
    }
    const answer = JSON.parse(await runWrangler(["d1", "execute", "DB", ...flags, "--json", "--command", core.APPLIED_SCHEMA_SQL], { cwd }));
    return core.appliedSchemaFromRows(answer.flatMap((result) => result.results ?? []));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function migrationFiles(dir) {
  return existsSync(dir) ? readdirSync(dir).filter((name) => /^\d+_.*\.sql$/.test(name)) : [];
}

/** The `.sql` files of `dir` in the order `wrangler d1 migrations apply` applies them: by name, then by number. */
function appliedOrder(dir) {
  const number = (name) => Number.parseInt(name.split("_")[0], 10);
  return existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith(".sql")).sort().sort((a, b) => (number(a) < number(b) ? -1 : number(a) > number(b) ? 1 : 0)) : [];
}

/**
 * Writes the next numbered migration of `dir` that takes its schema to the declared collections;
 * returns the file written, or null when the two already agree. Rejects with the core's
 * SchemaDriftError (removed or retyped columns, and the fix) when no migration can.
 *
 * @example
 * await generateMigration({ from: resolve("src/collections.ts"), dir: resolve("migrations"), cwd })
 */
export async function generateMigration({ from, dir, cwd }) {
  const core = await import("../../dist/lib/cores/schema-sql.js");
  const collections = collectionsOf(await importDeclarations(from, cwd));
  const statements = core.migrationStatements(collections, await appliedSchemaOf(dir, cwd, core));
  if (statements.length === 0) return null;
  const next = Math.max(0, ...migrationFiles(dir).map((name) => Number.parseInt(name, 10))) + 1;
  const file = join(dir, `${String(next).padStart(4, "0")}_${Object.keys(collections).join("_")}.sql`);
  mkdirSync(dir, { recursive: true });
  const header = `-- Generated by \`npx cms-toolkit migrations generate\` from the declared collections (${Object.keys(collections).join(", ")}).\n`;
  writeFileSync(file, `${header}${statements.join("\n\n")}\n`);
  return resolve(file);
}
