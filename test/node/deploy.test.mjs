// `cms-toolkit deploy` on a site made by `init`, against a stand-in wrangler that records what it is
// asked and keeps an account's state (test/fixtures/deploy/stand-in-wrangler.mjs; its "remote" D1
// is a real local one): the commands in order, wrangler.toml rewritten in place (ids filled,
// comments kept), a second deploy and a second checkout reusing what exists, the generated secrets
// never in an argument or the output, the first admin's password printed once and valid,
// --dry-run creating and uploading nothing, a declaration the database lacks stopping the deploy
// before the upload, and a failing step stopping with wrangler's error and what to do.
// Run: node --test test/node/deploy.test.mjs
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, it } from "node:test";
import { initSite } from "../../bin/lib/init-site.mjs";
import { runWrangler } from "../../bin/lib/wrangler.mjs";
import { isPlaceholderId, readBindings, setBindingValue } from "../../bin/lib/wrangler-toml.mjs";
import { verifyPassword } from "../../dist/lib/auth/password.js";

const ROOT = resolve(import.meta.dirname, "../..");
const scratch = mkdtempSync(join(tmpdir(), "cms-deploy-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

const site = initSite(join(scratch, "site")).dir;
const toml = join(site, "wrangler.toml");
// What `npm install` would give the site for reading src/collections.ts: this package and its peer.
mkdirSync(join(site, "node_modules"));
symlinkSync(ROOT, join(site, "node_modules/cms-toolkit"));
symlinkSync(join(ROOT, "node_modules/drizzle-orm"), join(site, "node_modules/drizzle-orm"));
// A KV binding whose id is absent, with a comment on its line, so the id is added beside it.
appendFileSync(toml, '\n# Form rate limits.\n[[kv_namespaces]]\nbinding = "KV" # one namespace per site\n');
// A toolkit key deploy generates, and a provider's key it can only name.
appendFileSync(join(site, ".dev.vars"), "CMS_FORM_TIMING_SECRET=local-only-value-of-32-characters!!\nPAYMENTS_API_KEY=sk_test_local\n");
const original = readFileSync(toml, "utf8");
const state = join(scratch, "account.json");
const log = join(scratch, "calls.json");
const d1 = join(scratch, "d1");

/** Runs the CLI's deploy in `cwd`; returns its exit code, output, and the stand-in's calls. */
function deploy(args, { cwd = site, fail } = {}) {
  writeFileSync(log, "[]");
  const run = spawnSync(process.execPath, [join(ROOT, "bin/cms-toolkit.mjs"), "deploy", ...args], {
    cwd,
    encoding: "utf8",
    env: {
      ...process.env,
      CLOUDFLARE_CF_FETCH_ENABLED: "false",
      WRANGLER_SEND_METRICS: "false",
      CMS_TOOLKIT_WRANGLER: join(ROOT, "test/fixtures/deploy/stand-in-wrangler.mjs"),
      STAND_IN_LOG: log,
      STAND_IN_STATE: state,
      STAND_IN_D1: d1,
      ...(fail ? { STAND_IN_FAIL: fail } : {}),
    },
  });
  const raw = JSON.parse(readFileSync(log, "utf8"));
  const config = join(cwd, "wrangler.toml");
  // Every command for the account names the site's config; the comparisons below leave it (and the
  // SQL) out. Local ones are the schema check's scratch database.
  for (const call of raw.filter((args) => !args.includes("--local"))) assert.equal(call[call.indexOf("--config") + 1], config, JSON.stringify(call));
  const calls = raw.map((call) =>
    call.filter((arg, i) => arg !== "--config" && call[i - 1] !== "--config").map((arg, i, rest) => (rest[i - 1] === "--command" ? "<sql>" : rest[i - 1] === "--outdir" ? "<dir>" : arg)),
  );
  return { status: run.status, out: run.stdout + run.stderr, calls, raw };
}

const account = () => JSON.parse(readFileSync(state, "utf8"));

it("--dry-run prints the plan and only bundles: nothing created, written or uploaded", () => {
  const run = deploy(["--dry-run", "--publisher", "owner@example.com"]);
  assert.equal(run.status, 0, run.out);
  assert.deepEqual(run.calls, [["deploy", "--dry-run", "--outdir", "<dir>"]]);
  assert.equal(readFileSync(toml, "utf8"), original);
  assert.match(run.out, /D1 database site \(DB\): reuse the one of that name, or create it; write its database_id into wrangler\.toml/);
  assert.match(run.out, /R2 bucket site-media \(MEDIA\): reuse the bucket of that name, or create it/);
  assert.match(run.out, /KV namespace site-KV \(KV\): reuse the one of that name, or create it; write its id into wrangler\.toml/);
  assert.match(run.out, /migrations: apply those of the 5 in migrations\/ not yet applied to the remote DB/);
  assert.match(run.out, /secrets: generate CMS_SESSION_SECRET, CMS_FORM_TIMING_SECRET when the deployment lacks them; report PAYMENTS_API_KEY/);
  assert.match(run.out, /first admin: add owner@example\.com when the remote database has no editor/);
});

it("creates the resources, writes their ids in place, migrates, uploads, sets the secrets unseen and adds the first admin", async () => {
  const run = deploy(["--publisher", "owner@example.com"]);
  assert.equal(run.status, 0, run.out);
  assert.deepEqual(run.calls, [
    ["d1", "list", "--json"],
    ["d1", "create", "site"],
    ["d1", "list", "--json"],
    ["r2", "bucket", "list"],
    ["r2", "bucket", "create", "site-media"],
    ["kv", "namespace", "list"],
    ["kv", "namespace", "create", "site-KV"],
    ["kv", "namespace", "list"],
    ["d1", "migrations", "apply", "DB", "--remote"],
    ["d1", "execute", "DB", "--remote", "--json", "--command", "<sql>"],
    ["deploy"],
    ["secret", "list", "--format", "json"],
    ["secret", "put", "CMS_SESSION_SECRET"],
    ["secret", "put", "CMS_FORM_TIMING_SECRET"],
    ["d1", "execute", "DB", "--remote", "--command", "<sql>", "--json"],
  ]);
  const { d1: databases, kv, secrets } = account();
  const expected = original
    .replace('database_id = "00000000-0000-4000-8000-000000000000"', `database_id = "${databases[0].uuid}"`)
    .replace('binding = "KV" # one namespace per site\n', `binding = "KV" # one namespace per site\nid = "${kv[0].id}"\n`);
  assert.notEqual(expected, original);
  assert.equal(readFileSync(toml, "utf8"), expected);
  assert.deepEqual(Object.keys(secrets), ["CMS_SESSION_SECRET", "CMS_FORM_TIMING_SECRET"]);
  for (const value of Object.values(secrets)) {
    assert.ok(value.length >= 32);
    assert.ok(!run.out.includes(value), "a secret reached the output");
    assert.ok(!JSON.stringify(run.raw).includes(value), "a secret reached wrangler's arguments");
  }
  assert.match(run.out, /deployed at https:\/\/site\.example\.workers\.dev/);
  assert.match(run.out, /PAYMENTS_API_KEY is named in \.dev\.vars but not set on the deployment: npx wrangler secret put PAYMENTS_API_KEY/);
  const password = /password: {2}(\S+)/.exec(run.out)?.[1];
  assert.ok(password && password.length >= 8, run.out);
  assert.equal(run.out.split(password).length, 2, "the password is printed exactly once");
  assert.ok(!JSON.stringify(run.raw).includes(password), "the password reached wrangler's arguments");
  const [{ results }] = JSON.parse(
    await runWrangler(["d1", "execute", "DB", "--local", "--persist-to", d1, "--config", toml, "--json", "--command", "SELECT email, role, password_hash FROM editors"], { cwd: ROOT }),
  );
  assert.deepEqual(results.map(({ email, role }) => ({ email, role })), [{ email: "owner@example.com", role: "admin" }]);
  assert.equal(await verifyPassword(password, results[0].password_hash), true);
});

it("a second deploy keeps the written ids, creates nothing and adds no second publisher or secret", () => {
  const before = account();
  const written = readFileSync(toml, "utf8");
  const run = deploy(["--publisher", "someone@example.com"]);
  assert.equal(run.status, 0, run.out);
  assert.deepEqual(run.calls, [
    ["r2", "bucket", "list"],
    ["d1", "migrations", "apply", "DB", "--remote"],
    ["d1", "execute", "DB", "--remote", "--json", "--command", "<sql>"],
    ["deploy"],
    ["secret", "list", "--format", "json"],
    ["d1", "execute", "DB", "--remote", "--command", "<sql>", "--json"],
  ]);
  assert.equal(readFileSync(toml, "utf8"), written);
  assert.deepEqual(account(), { ...before, deployed: true });
  assert.match(run.out, /CMS_SESSION_SECRET, CMS_FORM_TIMING_SECRET already set/);
  assert.match(run.out, /already has editors; nothing added/);
});

it("another checkout with placeholder ids reuses the account's resources by name", () => {
  const other = join(scratch, "checkout");
  cpSync(site, other, { recursive: true });
  writeFileSync(join(other, "wrangler.toml"), original);
  const run = deploy([], { cwd: other });
  assert.equal(run.status, 0, run.out);
  assert.deepEqual(run.calls.slice(0, 3), [["d1", "list", "--json"], ["r2", "bucket", "list"], ["kv", "namespace", "list"]]);
  assert.ok(!run.calls.some((call) => call.includes("create")), JSON.stringify(run.calls));
  assert.equal(readFileSync(join(other, "wrangler.toml"), "utf8"), readFileSync(toml, "utf8"));
  assert.match(run.out, /D1 database site \(DB\): reused the existing one/);
});

it("a declaration the database lacks stops the deploy before the upload, naming the fix", () => {
  const other = join(scratch, "changed");
  cpSync(site, other, { recursive: true });
  const collections = join(other, "src/collections.ts");
  writeFileSync(collections, readFileSync(collections, "utf8").replace('title: text("title").notNull(),', 'title: text("title").notNull(),\n  summary: text("summary"),'));
  const run = deploy([], { cwd: other });
  assert.equal(run.status, 1, run.out);
  assert.match(run.out, /deploy stopped at "migrations check":\nthe remote database DB does not match the collections declared in src\/collections\.ts; it lacks:\n {2}ALTER TABLE "pages" ADD COLUMN "summary"/);
  assert.match(run.out, /Fix: npx cms-toolkit migrations generate --from src\/collections\.ts --dir migrations, then npx wrangler d1 migrations apply DB --remote/);
  assert.match(run.out, /What to do: generate and apply the migration named above, then deploy again: nothing was uploaded/);
  assert.ok(!run.calls.some((call) => call[0] === "deploy"), JSON.stringify(run.calls));
});

it("a failing step stops there with wrangler's error and what to do", () => {
  const run = deploy(["--publisher", "owner@example.com"], { fail: "deploy" });
  assert.equal(run.status, 1);
  assert.match(run.out, /deploy stopped at "upload":\nwrangler deploy exited 1\n✘ \[ERROR\] A request to the Cloudflare API failed: the stand-in refuses deploy\nWhat to do: fix what wrangler names, then deploy again/);
  assert.equal(run.calls.at(-1)[0], "deploy");
});

it("tells placeholder ids from real ones, and refuses a binding whose id it could not write back in place", () => {
  for (const id of [undefined, "", "<id from npx wrangler kv namespace create KV>", "00000000-0000-4000-8000-000000000000", "00000000000040008000000000000002"]) {
    assert.equal(isPlaceholderId(id), true, String(id));
  }
  for (const id of ["4e1c28a9-0d6b-4f43-9c3e-5a1b2c3d4e5f", "0f1e2d3c4b5a69788796a5b4c3d2e1f0"]) assert.equal(isPlaceholderId(id), false, id);
  assert.throws(() => readBindings('name = "x"\nkv_namespaces = [{ binding = "KV", id = "" }]\n'), /line 2: write each kv_namespaces binding as its own \[\[kv_namespaces\]\] table/);
  const text = 'name = "x"\n[[d1_databases]]\n  database_id = \'0\'   # set by deploy\nbinding = "DB"\n[env.staging]\n[[env.staging.d1_databases]]\nbinding = "DB"\n';
  const { tables } = readBindings(text);
  assert.equal(tables.length, 1);
  assert.equal(setBindingValue(text, tables[0].line, "database_id", "abc"), text.replace("'0'", '"abc"'));
});
