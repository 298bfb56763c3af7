// The CLI's D1 reads (export, import's checks) against a local D1 that `wrangler dev` may be
// writing at that moment: a "database is locked" answer is asked again; any other error is not.
// A stand-in wrangler (CMS_TOOLKIT_WRANGLER) answers from a script and counts its calls.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, it } from "node:test";
import { queryD1 } from "../../bin/lib/site-state.mjs";

const dir = mkdtempSync(join(tmpdir(), "cms-site-state-"));
const calls = join(dir, "calls");
const target = { database: "DB", target: "--local", flags: [] };

/* A wrangler that fails with `failure` on its first `failures` calls, then answers one row. */
function standIn(failures, failure) {
  const script = join(dir, `wrangler-${failures}.mjs`);
  writeFileSync(calls, "");
  writeFileSync(script, `import { appendFileSync, readFileSync } from "node:fs";
appendFileSync(${JSON.stringify(calls)}, "x");
if (readFileSync(${JSON.stringify(calls)}, "utf8").length <= ${failures}) { console.error(${JSON.stringify(failure)}); process.exit(1); }
console.log(JSON.stringify([{ results: [{ one: 1 }] }]));
`);
  process.env.CMS_TOOLKIT_WRANGLER = script;
}
const callCount = () => readFileSync(calls, "utf8").length;

afterEach(() => delete process.env.CMS_TOOLKIT_WRANGLER);

it("a read that meets a locked local database is asked again until it answers", async () => {
  standIn(2, "SQLite failed; NOSENTRY database is locked: SQLITE_BUSY (extended: SQLITE_BUSY_SNAPSHOT)");
  assert.deepEqual(await queryD1(target, dir, ["SELECT 1 AS one"], { retryWaitMs: 1 }), [[{ one: 1 }]]);
  assert.equal(callCount(), 3);
});

it("any other failure is reported at once, and a lock that outlasts the wait is reported saying so", async () => {
  standIn(1, "no such table: pages");
  await assert.rejects(queryD1(target, dir, ["SELECT 1 AS one"], { retryWaitMs: 1 }), /no such table: pages/);
  assert.equal(callCount(), 1);
  standIn(1_000, "database is locked");
  await assert.rejects(queryD1(target, dir, ["SELECT 1 AS one"], { retryWaitMs: 1, busyForMs: 300 }), /stayed locked for 0.3 s[^]*database is locked/);
  assert.ok(callCount() > 1, "asked again while locked");
});

it("a lock held for more than six tries is waited out", async () => {
  standIn(8, "database is locked");
  assert.deepEqual(await queryD1(target, dir, ["SELECT 1 AS one"], { retryWaitMs: 1 }), [[{ one: 1 }]]);
  assert.equal(callCount(), 9);
});
