// `cms-toolkit dev` before it starts wrangler: its own options are split from wrangler's; a
// declaration the applied D1 lacks stops it (exit 1, the fix named, no publisher written, wrangler
// dev never started); the first admin is added only while the database has no editor, so a
// restart writes nothing (and signs nobody out). Runs the package's CLI (dist/ built by
// `npm run build`) and wrangler's local D1. Run: node --test test/node/dev-site.test.mjs
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, it } from "node:test";
import { d1Target } from "../../bin/lib/d1-target.mjs";
import { addFirstAdmin, mediaUrlArgs, splitDevArgs } from "../../bin/lib/dev-site.mjs";
import { runWrangler } from "../../bin/lib/wrangler.mjs";
import { verifyPassword } from "../../dist/lib/auth/password.js";

const ROOT = resolve(import.meta.dirname, "../..");
const scratch = mkdtempSync(join(tmpdir(), "cms-dev-site-"));
after(() => rmSync(scratch, { recursive: true, force: true }));
process.env.CLOUDFLARE_CF_FETCH_ENABLED = "false";
process.env.WRANGLER_SEND_METRICS = "false";

const config = join(scratch, "wrangler.toml");
const state = join(scratch, "state");
cpSync(join(ROOT, "migrations"), join(scratch, "migrations"), { recursive: true });
writeFileSync(config, ['name = "dev-site"', 'main = "worker.js"', 'compatibility_date = "2026-04-01"', "[[d1_databases]]", 'binding = "DB"', 'database_name = "dev-site"',
  'database_id = "00000000-0000-0000-0000-000000000000"', `migrations_dir = ${JSON.stringify(join(scratch, "migrations"))}`].join("\n"));
const target = d1Target({ local: true, config, "persist-to": state });

it("takes its own options (either spelling) and leaves the rest to wrangler dev", () => {
  assert.deepEqual(splitDevArgs(["--publisher", "a@b.c", "--port", "8861", "--from=src/c.ts", "-c", "w.toml", "--live-reload"]), {
    options: { from: "src/c.ts", dir: "migrations", publisher: "a@b.c", database: "DB", "persist-to": undefined, config: "w.toml" },
    rest: ["--port", "8861", "--live-reload"],
  });
  assert.throws(() => splitDevArgs(["--publisher"]), /--publisher needs a value/);
});

it("points a local MEDIA_URL at the port wrangler dev is given, and leaves any other alone", () => {
  const toml = '[vars]\nMEDIA_URL = "http://localhost:8787/media"\n';
  assert.deepEqual(mediaUrlArgs(["--port", "8861"], toml), ["--var", "MEDIA_URL:http://localhost:8861/media"]);
  assert.deepEqual(mediaUrlArgs(["--ip", "127.0.0.1", "--port=8862"], toml), ["--var", "MEDIA_URL:http://localhost:8862/media"]);
  assert.deepEqual(mediaUrlArgs(["--port", "8787"], toml), []);
  assert.deepEqual(mediaUrlArgs(["--live-reload"], toml), []);
  assert.deepEqual(mediaUrlArgs(["--port", "8861", "--var", "MEDIA_URL:https://cdn.example.com/m"], toml), []);
  assert.deepEqual(mediaUrlArgs(["--port", "8861"], 'MEDIA_URL = "https://example.com/media"'), []);
});

it("stops before wrangler dev when the declaration needs a migration, naming it and the fix", () => {
  const run = spawnSync(
    process.execPath,
    [join(ROOT, "bin/cms-toolkit.mjs"), "dev", "--from", "test/fixtures/migrations/pages-added-column.ts", "--dir", join(scratch, "migrations"),
      "-c", config, "--persist-to", state, "--publisher", "first@example.test", "--port", "1"],
    { cwd: ROOT, encoding: "utf8", env: { ...process.env, CI: "true" } },
  );
  assert.equal(run.status, 1);
  assert.match(run.stderr, /it lacks:\n  ALTER TABLE "pages" ADD COLUMN "summary"[^\n]*\nFix: npx cms-toolkit migrations generate/);
  assert.doesNotMatch(run.stdout, /first admin/);
});

it("adds the first admin only while there is no editor", async () => {
  await runWrangler(["d1", "migrations", "apply", "DB", "--local", ...target.flags], { cwd: ROOT });
  const password = await addFirstAdmin({ email: "first@example.test", target, cwd: ROOT });
  assert.equal(typeof password, "string");
  assert.equal(await addFirstAdmin({ email: "second@example.test", target, cwd: ROOT }), null);
  const [{ results }] = JSON.parse(await runWrangler(["d1", "execute", "DB", "--local", "--json", "--command", "SELECT email, role, password_hash FROM editors", ...target.flags], { cwd: ROOT }));
  assert.deepEqual(results.map(({ email, role }) => ({ email, role })), [{ email: "first@example.test", role: "admin" }]);
  assert.equal(await verifyPassword(password, results[0].password_hash), true);
});
