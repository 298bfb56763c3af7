// Pending scheduled publishes travel in the site archive: a site with two schedules exports them
// (`scheduled_publishes`, the D1 copy each room keeps of its timer), an import into a fresh state
// restores them and exports byte-identically, and the imported site lists one and fires the other,
// whose time passed while no site ran, once its rooms are woken. Runs the package's CLI (dist/ built
// by `npm run build`) and `wrangler dev` on ARCHIVE_PORT (default 8789).
// Run: node --test test/node/site-archive-schedules.test.mjs
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, it } from "node:test";
import { addEditors } from "../../scripts/lib/editors.mjs";
import { migratedState } from "../e2e/migrated-state.mjs";
import { startSite } from "../e2e/server.mjs";

const ROOT = resolve(import.meta.dirname, "../..");
const scratch = mkdtempSync(join(tmpdir(), "cms-archive-schedules-"));
after(() => rmSync(scratch, { recursive: true, force: true }));
const ENV = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", CI: "true" };
const PORT = Number(process.env.ARCHIVE_SCHEDULES_PORT ?? 8794);

const cli = (...args) => spawnSync(process.execPath, [join(ROOT, "bin/cms-toolkit.mjs"), ...args], { cwd: ROOT, encoding: "utf8", env: ENV });
const wrangler = (...args) => {
  const run = spawnSync(process.execPath, [join(ROOT, "node_modules/wrangler/bin/wrangler.js"), ...args], { cwd: ROOT, encoding: "utf8", env: ENV });
  assert.equal(run.status, 0, run.stdout + run.stderr);
  return run.stdout;
};
const succeeds = (run) => assert.equal(run.status, 0, run.stdout + run.stderr);
const digest = (file) => createHash("sha256").update(readFileSync(file)).digest("hex");

function query(dir, sql) {
  const output = wrangler("d1", "execute", "DB", "--local", "--persist-to", dir, "--json", "--command", sql);
  return JSON.parse(output.slice(output.indexOf("["))).flatMap((result) => result.results);
}

async function signIn(site, email, password) {
  const session = await fetch(`${site.origin}/api/cms/session`, { method: "POST", headers: { origin: site.origin, "content-type": "application/json" }, body: JSON.stringify({ email, password }) });
  assert.equal(session.status, 204);
  return session.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
}

async function until(check, what, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((done) => setTimeout(done, 250));
  }
}

it("a pending schedule is exported, imported, listed by the imported site, and one whose time passed meanwhile fires there", async () => {
  const source = await startSite({ port: PORT });
  const later = new Date(Date.now() + 3_600_000).toISOString();
  let scheduled;
  try {
    const cookie = await signIn(source, "publisher@example.test", source.password);
    const json = { cookie, origin: source.origin, "content-type": "application/json" };
    const schedule = async (id, title) => {
      const saved = await fetch(`${source.origin}/api/cms/pages/${id}/versions`, { method: "POST", headers: json, body: JSON.stringify({ title }) });
      assert.equal(saved.status, 201, await saved.clone().text());
      const answer = await fetch(`${source.origin}/api/cms/pages/${id}/publish`, { method: "POST", headers: json, body: JSON.stringify({ at: later }) });
      assert.equal(answer.status, 202, await answer.clone().text());
      return (await answer.json()).scheduled;
    };
    scheduled = { home: await schedule(1, "Welcome, scheduled"), about: await schedule(2, "About us, scheduled") };
  } finally {
    await source.kill();
  }
  const sourceState = join(scratch, "source");
  cpSync(source.state.persistTo, sourceState, { recursive: true });
  rmSync(source.state.persistTo, { recursive: true, force: true });
  // The about page's time passes while no site runs (its room's own timer is never consulted again).
  query(sourceState, `UPDATE scheduled_publishes SET at = ${Date.now() - 60_000} WHERE room = 'pages:2'`);

  const archive = join(scratch, "site.cms");
  succeeds(cli("export", archive, "--persist-to", sourceState));
  const text = readFileSync(archive, "utf8");
  assert.equal(JSON.parse(text.slice(0, text.indexOf("\n"))).counts.scheduled_publishes, 2);
  assert.equal(text.includes("sessionId"), false, "a sign-in id is in the archive");

  const target = join(scratch, "target");
  migratedState(target);
  succeeds(cli("import", archive, "--persist-to", target, "--from", "src/site/collections.ts"));
  const roundTrip = join(scratch, "round-trip.cms");
  succeeds(cli("export", roundTrip, "--persist-to", target));
  assert.equal(digest(roundTrip), digest(archive), "export → import → export is not byte-identical");

  const password = "schedules-test-password";
  await addEditors([{ email: "owner@example.test", name: "Owner", role: "publisher", password }], { persistTo: target, quiet: true });
  const copy = await startSite({ port: PORT, state: { persistTo: target, password, secrets: source.state.secrets } });
  try {
    assert.doesNotMatch(await (await fetch(`${copy.origin}/about`)).text(), /About us, scheduled/);
    // The health check wakes every scheduled page's room, which arms its schedule from D1.
    assert.equal((await fetch(`${copy.origin}/api/cms/health`)).status, 200);
    await until(async () => /About us, scheduled/.test(await (await fetch(`${copy.origin}/about`)).text()), "the overdue schedule went live");
    const cookie = await signIn(copy, "owner@example.test", password);
    const versions = await (await fetch(`${copy.origin}/api/cms/pages/1/versions`, { headers: { cookie } })).json();
    assert.deepEqual(versions.scheduled, scheduled.home);
    const about = await (await fetch(`${copy.origin}/api/cms/pages/2/versions`, { headers: { cookie } })).json();
    assert.equal(about.scheduled, null);
    assert.deepEqual(query(target, `SELECT room FROM scheduled_publishes ORDER BY room`), [{ room: "pages:1" }]);
  } finally {
    await copy.stop();
  }
});
