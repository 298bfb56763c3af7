// `cms-toolkit migrations generate`: the migration it writes for the reference site's `pages`
// declaration makes, in a fresh local D1, the same tables as migrations/ does; a declaration grown
// by a column yields a next migration that applies on top of migrations/; a removed column is
// refused with the column and the fix named; the schema it reads from a folder is the one `wrangler d1
// migrations apply` leaves. Runs the package's CLI (dist/ built by `npm run build`)
// and wrangler's local D1. Run: node --test test/node/migrations-generate.test.mjs
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, it } from "node:test";
import { appliedSchemaOf } from "../../bin/lib/generate-migration.mjs";
import { runWrangler } from "../../bin/lib/wrangler.mjs";
import { migratedState } from "../e2e/migrated-state.mjs";

const ROOT = resolve(import.meta.dirname, "../..");
const scratch = mkdtempSync(join(tmpdir(), "cms-migrations-generate-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

const TABLES = "('pages', 'pages_versions', 'pages_search')";
/** Every column of the collection's tables as SQLite reports it, and every index with its columns. */
const SCHEMA_SQL = `SELECT 'column' AS kind, m.name AS tbl, p.cid || ' ' || p.name || ' ' || p.type || ' notnull=' || p."notnull" || ' default=' || ifnull(p.dflt_value, 'NULL') || ' pk=' || p.pk AS detail
FROM sqlite_master m JOIN pragma_table_info(m.name) p WHERE m.type = 'table' AND m.name IN ${TABLES}
UNION ALL
SELECT 'index', m.name, CASE l.origin WHEN 'c' THEN l.name ELSE l.origin END || ' unique=' || l."unique" || ' (' || (SELECT group_concat(i.name, ',') FROM pragma_index_info(l.name) i) || ')'
FROM sqlite_master m JOIN pragma_index_list(m.name) l WHERE m.type = 'table' AND m.name IN ${TABLES}
ORDER BY 1, 2, 3`;

const readRows = { APPLIED_SCHEMA_SQL: SCHEMA_SQL, appliedSchemaFromRows: (rows) => rows.map((row) => `${row.kind} ${row.tbl}: ${row.detail}`) };
const schemaOf = (dir) => appliedSchemaOf(dir, ROOT, readRows);

function generate(from, dir) {
  return spawnSync(process.execPath, [join(ROOT, "bin/cms-toolkit.mjs"), "migrations", "generate", "--from", from, "--dir", dir], {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
  });
}

function copyOfMigrations(name) {
  const dir = join(scratch, name);
  cpSync(join(ROOT, "migrations"), dir, { recursive: true });
  return dir;
}

it("generates, for the reference pages declaration, the tables migrations/ makes", async () => {
  const dir = join(scratch, "fresh");
  const run = generate("src/site/collections.ts", dir);
  assert.equal(run.status, 0, run.stderr);
  assert.deepEqual(readdirSync(dir), ["0001_pages.sql"]);

  const generated = await schemaOf(dir);
  const applied = await schemaOf(join(ROOT, "migrations"));
  // The schema is read after running the folder's files in one wrangler run: every table, column
  // and index of it is what `wrangler d1 migrations apply` leaves.
  const core = await import("../../dist/lib/cores/schema-sql.js");
  const byApply = migratedState(join(scratch, "applied"));
  const rows = JSON.parse(await runWrangler(["d1", "execute", "DB", "--local", "--persist-to", byApply, "--json", "--command", core.APPLIED_SCHEMA_SQL], { cwd: ROOT }));
  assert.deepEqual(await appliedSchemaOf(join(ROOT, "migrations"), ROOT, core), core.appliedSchemaFromRows(rows.flatMap((result) => result.results)));
  assert.ok(generated.some((row) => row.startsWith("column pages_search: 0 title")), generated.join("\n"));
  // The pages tables declare both of migrations/' version indexes, 0001's (parent_id, id) too.
  assert.deepEqual(applied, generated);

  const again = generate("src/site/collections.ts", join(ROOT, "migrations"));
  assert.equal(again.status, 0, again.stderr);
  assert.match(again.stdout, /nothing to generate/);
});

it("writes an added column as the next migration, which applies on top of migrations/", async () => {
  const dir = copyOfMigrations("grown");
  const before = readdirSync(dir).length;
  const run = generate("test/fixtures/migrations/pages-added-column.ts", dir);
  assert.equal(run.status, 0, run.stderr);
  const file = `${String(before + 1).padStart(4, "0")}_pages.sql`;
  assert.ok(readdirSync(dir).includes(file), readdirSync(dir).join(", "));
  assert.match(readFileSync(join(dir, file), "utf8"), /^ALTER TABLE "pages" ADD COLUMN "summary" TEXT NOT NULL DEFAULT '';$/m);

  const schema = await schemaOf(dir);
  assert.ok(schema.includes("column pages: 10 summary TEXT notnull=1 default='' pk=0"), schema.join("\n"));
  const again = generate("test/fixtures/migrations/pages-added-column.ts", dir);
  assert.equal(again.status, 0, again.stderr);
  assert.match(again.stdout, /nothing to generate/);
});

it("refuses a removed column, naming it and the fix, and writes nothing", () => {
  const dir = copyOfMigrations("shrunk");
  const before = readdirSync(dir);
  const run = generate("test/fixtures/migrations/pages-removed-column.ts", dir);
  assert.equal(run.status, 1);
  assert.match(run.stderr, /pages\.sections: applied but no longer declared \(removed\)/);
  assert.match(run.stderr, /Fix: declare the column as it is applied, or write that migration by hand/);
  assert.deepEqual(readdirSync(dir), before);
});
