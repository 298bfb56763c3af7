// `cms-toolkit migrations check` against a site's own local D1: it passes when the applied schema
// is the declared one, and fails (exit 1) naming what is missing and the right fix: generating the
// migration when none makes it, applying it once one does; a removed column is named as drift. And
// the scaffold's collection migration (templates/site) is exactly what the generator writes from
// the scaffold's declaration. Runs the package's CLI (dist/ built by `npm run build`) and wrangler's
// local D1. Run: node --test test/node/migrations-check.test.mjs
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { copyFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, it } from "node:test";
import { copyMigrations } from "../../bin/lib/copy-parts.mjs";
import { migratedState } from "../e2e/migrated-state.mjs";

const ROOT = resolve(import.meta.dirname, "../..");
const scratch = mkdtempSync(join(tmpdir(), "cms-migrations-check-"));
after(() => rmSync(scratch, { recursive: true, force: true }));
const ENV = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", CI: "true" };

const cli = (...args) => spawnSync(process.execPath, [join(ROOT, "bin/cms-toolkit.mjs"), ...args], { cwd: ROOT, encoding: "utf8", env: ENV });

/** A site of its own: a wrangler.toml over a copy of the reference migrations and a local D1 folder. */
function site(name) {
  const dir = join(scratch, name);
  cpSync(join(ROOT, "migrations"), join(dir, "migrations"), { recursive: true });
  const config = join(dir, "wrangler.toml");
  writeFileSync(config, ['name = "check"', 'compatibility_date = "2026-04-01"', "[[d1_databases]]", 'binding = "DB"', 'database_name = "check"',
    'database_id = "00000000-0000-0000-0000-000000000000"', `migrations_dir = ${JSON.stringify(join(dir, "migrations"))}`].join("\n"));
  const target = ["--local", "-c", config, "--persist-to", join(dir, "state")];
  // The reference migrations applied to this site's database: a copy of the state wrangler's apply made once.
  const apply = () => migratedState(join(dir, "state"), { databaseId: "00000000-0000-0000-0000-000000000000", migrationsDir: join(dir, "migrations") });
  const check = (from) => cli("migrations", "check", "--from", from, "--dir", join(dir, "migrations"), ...target);
  return { dir, apply, check };
}

it("passes when the local D1 has what the declaration makes, and fails naming the missing column and the fix", () => {
  const { dir, apply, check } = site("grown");
  apply();
  const agreed = check("src/site/collections.ts");
  assert.equal(agreed.status, 0, agreed.stderr);
  assert.match(agreed.stdout, /the local database DB has every declared table, column and index/);

  const grown = "test/fixtures/migrations/pages-added-column.ts";
  const unwritten = check(grown);
  assert.equal(unwritten.status, 1);
  assert.match(unwritten.stderr, /the local database DB does not match the collections declared in test\/fixtures\/migrations\/pages-added-column\.ts; it lacks:\n  ALTER TABLE "pages" ADD COLUMN "summary"/);
  assert.match(unwritten.stderr, /Fix: npx cms-toolkit migrations generate --from test\/fixtures\/migrations\/pages-added-column\.ts/);

  assert.equal(cli("migrations", "generate", "--from", grown, "--dir", join(dir, "migrations")).status, 0);
  const unapplied = check(grown);
  assert.equal(unapplied.status, 1);
  assert.match(unapplied.stderr, /Fix: npx wrangler d1 migrations apply DB --local .*not all are applied/);
});

it("fails naming a column the declaration no longer has", () => {
  const { apply, check } = site("shrunk");
  apply();
  const run = check("test/fixtures/migrations/pages-removed-column.ts");
  assert.equal(run.status, 1);
  assert.match(run.stderr, /does not match .*pages\.sections: applied but no longer declared \(removed\)/s);
});

it("the scaffold's newest collection migration is what the generator writes from the scaffold's declaration after the ones before it", () => {
  const dir = join(scratch, "scaffold");
  copyMigrations(dir, { parts: ["core", "media"] });
  for (const file of ["0003_pages.sql", "0004_first_page.sql"]) copyFileSync(join(ROOT, "templates/site/migrations", file), join(dir, file));
  const run = cli("migrations", "generate", "--from", "templates/site/src/collections.ts", "--dir", dir);
  assert.equal(run.status, 0, run.stderr);
  const written = readdirSync(dir).filter((file) => !file.includes("_cms_"));
  assert.deepEqual(written, ["0003_pages.sql", "0004_first_page.sql", "0005_pages_products.sql"]);
  assert.deepEqual(readdirSync(join(ROOT, "templates/site/migrations")).sort(), written);
  assert.equal(readFileSync(join(dir, written[2]), "utf8"), readFileSync(join(ROOT, "templates/site/migrations/0005_pages_products.sql"), "utf8"));
  const again = cli("migrations", "generate", "--from", "templates/site/src/collections.ts", "--dir", dir);
  assert.equal(again.status, 0, again.stderr);
  assert.equal(readdirSync(dir).filter((file) => !file.includes("_cms_")).length, 3, "nothing left to generate");
});
