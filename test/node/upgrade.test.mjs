// Upgrades that lose nothing: for each migration set this package has shipped (the distinct states
// of migrations/ on the main line of its history, listed in test/fixtures/migration-sets/sets.json
// by scripts/migration-sets.mjs), a local D1 is built at that schema with wrangler, filled with
// content of every kind it holds (test/fixtures/migration-sets/content/<migration>.sql, and the demo
// seed once courses exist), then today's migrations are applied: every row of every table survives
// with its values, and the AUTOINCREMENT counters too. The oldest set's upgraded site then runs
// under wrangler dev (UPGRADE_PORT, default 8791): its pages open and a publisher saves a draft and
// publishes it. Run: node --test test/node/upgrade.test.mjs
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, describe, it } from "node:test";
import { addEditors } from "../../scripts/lib/editors.mjs";
import { historyAvailable, migrationSetsFromHistory, SETS_FILE } from "../../scripts/migration-sets.mjs";
import { wrangler } from "../../scripts/wrangler-run.mjs";
import { startSite } from "../e2e/server.mjs";

const ROOT = resolve(import.meta.dirname, "../..");
const CONTENT = join(ROOT, "test/fixtures/migration-sets/content");
/** Migrations whose content is the demo seed's rather than a fixture of their own. */
const SEEDED = { "0010_courses.sql": join(ROOT, "scripts/seed-demo.sql") };
/**
 * Tables of a running deployment's passing state, empty in a site at rest: a row of
 * `unflushed_rooms` names a room holding edits, which an export waits for.
 */
const TRANSIENT = new Set(["unflushed_rooms"]);
const scratch = mkdtempSync(join(tmpdir(), "cms-upgrade-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

const SETS = JSON.parse(readFileSync(SETS_FILE, "utf8"));
const TODAY = readdirSync(join(ROOT, "migrations")).filter((file) => file.endsWith(".sql")).sort();
const EARLIER = SETS.slice(0, -1);
/** The reference site's own config, whichever folder the test runs from. */
const TODAY_CONFIG = ["-c", join(ROOT, "wrangler.toml")];

/** The id git gives a file's content, so a shipped migration edited since is noticed without git. */
const blobId = (bytes) => createHash("sha1").update(`blob ${bytes.length}\0`).update(bytes).digest("hex");

/** The tables (virtual ones too) a set of migrations leaves: a table rebuilt under a scratch name and renamed back counts once. */
const tablesOf = (files) => {
  const tables = [];
  // Generated migrations quote their names ("team_links"), hand-written ones do not.
  const statements = /^CREATE (?:VIRTUAL )?TABLE "?(\w+)"?|^DROP TABLE "?(\w+)"?|^ALTER TABLE "?(\w+)"? RENAME TO "?(\w+)"?/gim;
  for (const { name } of files) {
    for (const [, created, dropped, from, to] of readFileSync(join(ROOT, "migrations", name), "utf8").matchAll(statements)) {
      if (created) tables.push(created);
      else if (dropped) tables.splice(tables.indexOf(dropped), 1);
      else tables.splice(tables.indexOf(from), 1, to);
    }
  }
  return tables;
};

/** One SELECT per table, every row in rowid order, and the AUTOINCREMENT counters. */
const snapshotSql = (tables) => [...tables.map((table) => `SELECT rowid AS "rowid", * FROM ${table} ORDER BY rowid;`), "SELECT name, seq FROM sqlite_sequence WHERE name <> 'd1_migrations' ORDER BY name;"];

/** Runs statements in one `wrangler d1 execute --json`; resolves with each statement's rows. */
async function execute(persistTo, statements, config = []) {
  const file = join(scratch, `statements-${execute.count = (execute.count ?? 0) + 1}.sql`);
  writeFileSync(file, statements.join("\n"));
  const output = await wrangler(["d1", "execute", "DB", "--local", ...config, "--persist-to", persistTo, "--json", "--file", file]);
  return JSON.parse(output.slice(output.indexOf("["))).map((result) => result.results);
}

it("the shipped migration sets are the history's, and each of their files is today's unchanged", () => {
  if (historyAvailable()) assert.deepEqual(migrationSetsFromHistory(), SETS, "the migration history moved on: run node scripts/migration-sets.mjs and commit its output");
  assert.deepEqual(SETS.at(-1).files.map(({ name }) => name), TODAY, "today's migrations are not the last set: run node scripts/migration-sets.mjs");
  for (const { commit, files } of SETS) {
    for (const { name, blob } of files) {
      assert.equal(blobId(readFileSync(join(ROOT, "migrations", name))), blob, `migrations/${name} was edited after ${commit.slice(0, 7)} shipped it: a database that applied it never runs it again, so add a new migration instead`);
    }
  }
  for (const name of TODAY) assert.ok(SEEDED[name] ?? existsSync(join(CONTENT, name)), `test/fixtures/migration-sets/content/${name} is missing: add content for what the migration makes`);
});

/** The state of the oldest set after its upgrade, for the site test. */
let oldestUpgraded;

describe("a site at each earlier migration set keeps every row through today's migrations", () => {
  for (const [index, { commit, files }] of EARLIER.entries()) {
    const names = files.map(({ name }) => name);
    it(`set ${index + 1} of ${EARLIER.length} (${commit.slice(0, 7)}: ${names.at(-1)}, ${names.length} migrations)`, async () => {
      const dir = join(scratch, `set-${index + 1}`);
      mkdirSync(join(dir, "migrations"), { recursive: true });
      for (const name of names) writeFileSync(join(dir, "migrations", name), readFileSync(join(ROOT, "migrations", name)));
      const config = join(dir, "wrangler.toml");
      // The reference site's database (same id, so the same local file), with only this set's migrations.
      writeFileSync(config, ['name = "upgrade"', 'compatibility_date = "2026-04-01"', "[[d1_databases]]", 'binding = "DB"', 'database_name = "cms-toolkit"',
        'database_id = "00000000-0000-4000-8000-000000000001"', `migrations_dir = ${JSON.stringify(join(dir, "migrations"))}`].join("\n"));
      const persistTo = join(dir, "state");
      // The set before, when its migrations begin this one's, left its schema: only the rest is applied here
      // (each migration costs wrangler a runtime start). Either way wrangler's apply builds the schema.
      const previous = EARLIER[index - 1]?.files.map(({ name }) => name);
      if (previous && previous.every((name, i) => names[i] === name)) cpSync(join(scratch, `set-${index}`, "schema"), persistTo, { recursive: true });
      await wrangler(["d1", "migrations", "apply", "DB", "--local", "-c", config, "--persist-to", persistTo]);
      cpSync(persistTo, join(dir, "schema"), { recursive: true });

      const tables = tablesOf(files);
      const fill = names.map((name) => readFileSync(SEEDED[name] ?? join(CONTENT, name), "utf8"));
      const snapshot = snapshotSql(tables);
      const before = (await execute(persistTo, [...fill, ...snapshot], ["-c", config])).slice(-snapshot.length);
      for (const [i, table] of tables.entries()) assert.ok(before[i].length > 0 || TRANSIENT.has(table), `set ${index + 1} put no content in ${table}`);

      await wrangler(["d1", "migrations", "apply", "DB", "--local", ...TODAY_CONFIG, "--persist-to", persistTo]);
      const added = tablesOf(SETS.at(-1).files).filter((table) => !tables.includes(table));
      const [applied, ...afterRows] = await execute(persistTo, ["SELECT name FROM d1_migrations ORDER BY id;", ...snapshot, ...added.map((table) => `SELECT count(*) AS n FROM ${table};`)], TODAY_CONFIG);
      assert.deepEqual(applied.map(({ name }) => name), [...names, ...TODAY.filter((name) => !names.includes(name))]);
      for (const [i, table] of [...tables, "sqlite_sequence"].entries()) {
        assert.equal(afterRows[i].length, before[i].length, `${table}: the row count changed`);
        for (const [r, row] of before[i].entries()) {
          const now = afterRows[i][r];
          assert.deepEqual(Object.fromEntries(Object.keys(row).map((key) => [key, now[key]])), row, `${table}: a row changed`);
          // A column a later migration adds holds its default on the rows that were there ('{}' is an unscoped account's scopes,
          // 'en' the default locale of a row from before languages).
          for (const key of Object.keys(now).filter((key) => !(key in row))) assert.ok([null, "", "{}", ...(key === "locale" ? ["en"] : [])].includes(now[key]), `${table}.${key} of an old row is ${now[key]}`);
        }
      }
      // Tables that are new to this site start empty (the seed's courses come only with their migration).
      for (const [i, table] of added.entries()) assert.equal(afterRows[tables.length + 1 + i][0].n, 0, `${table} is not empty`);
      if (index === 0) oldestUpgraded = persistTo;
    });
  }
});

it("the oldest set's site, upgraded, opens its pages and a publisher saves a draft and publishes it", async () => {
  assert.ok(oldestUpgraded, "the oldest set was upgraded first");
  const password = "upgrade-test-password";
  await addEditors([{ email: "owner@example.test", name: "Owner", role: "publisher", password }], { persistTo: oldestUpgraded, quiet: true });
  const secrets = { session: "upgrade-test-session-secret-0123456789abcdef", timing: "upgrade-test-timing-secret-0123456789abcdef" };
  const site = await startSite({ port: Number(process.env.UPGRADE_PORT ?? 8791), state: { persistTo: oldestUpgraded, password, secrets } });
  try {
    const open = async (path, headers = {}) => {
      const response = await fetch(`${site.origin}${path}`, { headers, redirect: "manual" });
      const body = await response.text();
      return { status: response.status, title: body.match(/<title>([^<]*)<\/title>/)?.[1] ?? "" };
    };
    for (const [path, title] of [["/services", /^Our services\b/], ["/long-read", /^A long read\b/]]) {
      const page = await open(path);
      assert.equal(page.status, 200, path);
      assert.match(page.title, title);
    }
    assert.equal((await open("/unpublished")).status, 404);

    const session = await fetch(`${site.origin}/api/cms/session`, { method: "POST", headers: { origin: site.origin, "content-type": "application/json" }, body: JSON.stringify({ email: "owner@example.test", password }) });
    assert.equal(session.status, 204);
    const cookie = session.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
    const write = (path, body) => fetch(`${site.origin}${path}`, { method: "POST", headers: { origin: site.origin, "content-type": "application/json", cookie }, body: JSON.stringify(body) });
    const draft = await write("/api/cms/pages/3/versions", { title: "Our services, upgraded" });
    assert.equal(draft.status, 201, await draft.clone().text());
    assert.equal((await draft.json()).versionId, 11, "the version counter went back: a new version took a used id");
    assert.match((await open("/services")).title, /^Our services\b/, "a draft changed what visitors see");
    const published = await write("/api/cms/pages/3/publish", {});
    assert.equal(published.status, 200, await published.text());
    assert.match((await open("/services")).title, /^Our services, upgraded\b/);

    // The search index came with migration 0002, empty: pages published before it are found only
    // once it is rebuilt (docs/operations.md, "Upgrades").
    const search = async (q) => (await (await fetch(`${site.origin}/api/cms/pages/search?q=${q}`, { headers: { cookie } })).json()).items.map(({ id }) => id);
    assert.deepEqual(await search("upgraded"), [3], "a publish after the upgrade is not indexed");
    assert.deepEqual(await search("ipsum"), []);
    assert.equal((await write("/api/cms/pages/reindex", {})).status, 200);
    assert.deepEqual(await search("ipsum"), [5]);
  } finally {
    await site.stop();
  }
});
