// Upgrades that lose nothing: for each migration set this package has shipped (the distinct states
// of migrations/ on the main line of its history, listed in test/fixtures/migration-sets/sets.json
// by scripts/migration-sets.mjs), a local D1 is built at that schema, filled with content of every
// kind it holds (test/fixtures/migration-sets/content/<migration>.sql, and the demo seed once
// courses exist), then today's migrations are applied: every row of every table survives with its
// values, and the AUTOINCREMENT counters too. The oldest set's upgraded site then runs under
// wrangler dev (UPGRADE_PORT, default 8791): its pages open and a publisher saves a draft and
// publishes it. Run: node --test test/node/upgrade.test.mjs
//
// Each set's database is opened once through wrangler's Node API (`getPlatformProxy`, the same
// local file wrangler's commands use) and migrations are applied there as `wrangler d1 migrations
// apply` applies them: each file split by wrangler's own splitter (`readD1Migrations`), run as one
// batch with its `d1_migrations` row, in file order. `wrangler d1 migrations apply` starts a
// runtime per migration (some 150 starts over the sets, most of this test's 200 s); the newest
// earlier set is still upgraded by wrangler's command itself, so the tool users run stays covered.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, describe, it } from "node:test";
import { openPlatformState } from "../../bin/lib/platform-state.mjs";
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

/** Every migration's statements and every content file's, split as wrangler splits them. */
const statementsOf = async (dir) => new Map((await readD1Migrations(dir)).map(({ name, queries }) => [name, queries]));
const MIGRATION_STATEMENTS = await statementsOf(join(ROOT, "migrations"));
const CONTENT_STATEMENTS = new Map([...(await statementsOf(CONTENT)), ...(await statementsOf(join(ROOT, "scripts")))]);
/** A migration's content statements; a file that is only a comment (nothing to hold) has none. */
const contentOf = (name) => CONTENT_STATEMENTS.get(SEEDED[name] ? "seed-demo.sql" : name).filter((sql) => sql.replace(/--[^\n]*/g, "").trim() !== "");

/** A set's local D1 through wrangler's Node API: the reference site's database (the file its commands use) under `persistTo`. */
const openDatabase = (persistTo) => openPlatformState({ target: { database: "DB", flags: ["--config", TODAY_CONFIG[1], "--persist-to", persistTo] }, cwd: ROOT });

/** Runs statements in one batch, as `wrangler d1 execute --file` does; resolves with each statement's rows. */
const execute = async (db, statements) => (await db.batch(statements.map((sql) => db.prepare(sql)))).map(({ results }) => results);

/** Applies the migrations of `names` not yet applied as `wrangler d1 migrations apply` does: in order, each file and its row in one batch. */
async function applyMigrations(db, names) {
  await db.prepare("CREATE TABLE IF NOT EXISTS d1_migrations(id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)").run();
  const applied = new Set((await db.prepare("SELECT name FROM d1_migrations").all()).results.map(({ name }) => name));
  for (const name of names.filter((name) => !applied.has(name))) {
    await db.batch([...MIGRATION_STATEMENTS.get(name).map((sql) => db.prepare(sql)), db.prepare("INSERT INTO d1_migrations (name) VALUES (?1)").bind(name)]);
  }
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
      const persistTo = join(scratch, `set-${index + 1}`);
      let state = await openDatabase(persistTo);
      try {
        await applyMigrations(state.db, names);
        const tables = tablesOf(files);
        const snapshot = snapshotSql(tables);
        const before = (await execute(state.db, [...names.flatMap(contentOf), ...snapshot])).slice(-snapshot.length);
        for (const [i, table] of tables.entries()) assert.ok(before[i].length > 0 || TRANSIENT.has(table), `set ${index + 1} put no content in ${table}`);

        if (index === EARLIER.length - 1) {
          // The newest earlier set goes through the command itself, which must not share the file with an open runtime.
          await state.close();
          await wrangler(["d1", "migrations", "apply", "DB", "--local", ...TODAY_CONFIG, "--persist-to", persistTo]);
          state = await openDatabase(persistTo);
        } else {
          await applyMigrations(state.db, TODAY);
        }
        const added = tablesOf(SETS.at(-1).files).filter((table) => !tables.includes(table));
        const [applied, ...afterRows] = await execute(state.db, ["SELECT name FROM d1_migrations ORDER BY id;", ...snapshot, ...added.map((table) => `SELECT count(*) AS n FROM ${table};`)]);
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
      } finally {
        await state.close();
      }
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
