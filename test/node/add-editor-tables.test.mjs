// `add-editor` on a database whose migrations were never applied names the missing tables and the
// migration command for the same database and flags, instead of wrangler's bare SQLITE_ERROR.
// Runs the package's CLI (dist/ built by `npm run build`) against an empty local D1.
// Run: node --test test/node/add-editor-tables.test.mjs
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, it } from "node:test";

const persistTo = mkdtempSync(join(tmpdir(), "cms-add-editor-"));
after(() => rmSync(persistTo, { recursive: true, force: true }));

it("add-editor without applied migrations names the tables and the command that creates them", () => {
  const run = spawnSync(
    process.execPath,
    ["bin/cms-toolkit.mjs", "add-editor", "--email", "ann@example.test", "--name", "Ann", "--role", "editor", "--local", "--persist-to", persistTo],
    { encoding: "utf8", env: { ...process.env, CMS_EDITOR_PASSWORD: "a long enough password", CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" } },
  );
  assert.equal(run.status, 1);
  assert.match(run.stderr, /the database DB has no table editors, editor_sessions: its migrations are not applied/);
  assert.ok(run.stderr.includes(`Fix: npx wrangler d1 migrations apply DB --local --persist-to ${persistTo}`), run.stderr);
  assert.doesNotMatch(run.stderr, /SQLITE_ERROR/);
});
