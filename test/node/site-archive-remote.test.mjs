// `cms-toolkit export --remote` and `import --remote`. Export downloads a running site's own
// `GET /api/cms/export` (wrangler dev of the reference site on ARCHIVE_PORT, default 8789) as an
// admin's session and keeps it only once it verifies: byte for byte the local export of the same
// state. Import writes through a stand-in wrangler that records its arguments
// (test/fixtures/deploy/stand-in-wrangler.mjs, whose "remote" D1 and bucket are a local state):
// every call carries --remote, none runs before the archive verified, a non-empty deployment is
// refused unless --replace. Runs the package's CLI (dist/ built by `npm run build`).
// Run: node --test test/node/site-archive-remote.test.mjs
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, before, it } from "node:test";
import { addEditors } from "../../scripts/lib/editors.mjs";
import { migratedState } from "../e2e/migrated-state.mjs";
import { startSite } from "../e2e/server.mjs";

const ROOT = resolve(import.meta.dirname, "../..");
const scratch = mkdtempSync(join(tmpdir(), "cms-archive-remote-"));
after(() => rmSync(scratch, { recursive: true, force: true }));
const ENV = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", CI: "true" };
const BUCKET = "cms-toolkit-media";
const MEDIA_KEY = "uploads/0b7f3c2e-5a4d-4e8f-9a1b-2c3d4e5f6a7b.png";
const PORT = Number(process.env.ARCHIVE_REMOTE_PORT ?? 8793);

const cli = (args, env = {}) => spawnSync(process.execPath, [join(ROOT, "bin/cms-toolkit.mjs"), ...args], { cwd: ROOT, encoding: "utf8", env: { ...ENV, ...env } });
const wrangler = (...args) => {
  const run = spawnSync(process.execPath, [join(ROOT, "node_modules/wrangler/bin/wrangler.js"), ...args], { cwd: ROOT, encoding: "utf8", env: ENV });
  assert.equal(run.status, 0, run.stdout + run.stderr);
  return run.stdout;
};
const succeeds = (run) => assert.equal(run.status, 0, run.stdout + run.stderr);
const digest = (file) => createHash("sha256").update(readFileSync(file)).digest("hex");

/** A local state with the reference site's migrations applied (a copy of one made once). */
const freshState = (name) => migratedState(join(scratch, name));

let source;
let archive;

before(() => {
  source = migratedState(join(scratch, "source"), { sqlFiles: ["scripts/seed-demo.sql", "test/fixtures/site-archive/every-kind.sql"] });
  const picture = join(scratch, "hero.png");
  writeFileSync(picture, Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7919) % 256)));
  wrangler("r2", "object", "put", `${BUCKET}/${MEDIA_KEY}`, "--file", picture, "--content-type", "image/png", "--local", "--persist-to", source);
});

it("export --remote downloads the site's own export as an admin, byte for byte the local export of the same state", async () => {
  const password = "remote-export-admin-password";
  await addEditors(
    [
      { email: "admin@example.test", name: "Admin", role: "admin", password },
      { email: "pub@example.test", name: "Pub", role: "publisher", password },
    ],
    { persistTo: source, quiet: true },
  );
  const secrets = { session: "remote-export-session-secret-0123456789abcdef", timing: "remote-export-timing-secret-0123456789abcdef" };
  const site = await startSite({ port: PORT, state: { persistTo: source, password, secrets } });
  archive = join(scratch, "remote.cms");
  try {
    const signIn = async (email) => {
      const session = await fetch(`${site.origin}/api/cms/session`, { method: "POST", headers: { origin: site.origin, "content-type": "application/json" }, body: JSON.stringify({ email, password }) });
      assert.equal(session.status, 204);
      return session.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
    };
    const admin = await signIn("admin@example.test");
    const publisher = await signIn("pub@example.test");

    const missing = cli(["export", archive, "--remote", "--url", site.origin]);
    assert.equal(missing.status, 1);
    assert.match(missing.stderr, /pass their session cookie with --cookie \(or env CMS_SESSION\); cms-toolkit has no access keys/);
    const refused = cli(["export", archive, "--remote", "--url", site.origin, "--cookie", publisher]);
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, /\/api\/cms\/export answered 403: .*Exporting needs an admin's session/);
    assert.equal(existsSync(archive), false, "a refused export left a file");

    // The bare cookie value, from the environment, as a scheduled job would pass it.
    succeeds(cli(["export", archive, "--remote", "--url", site.origin], { CMS_SESSION: admin.match(/cms_session=([^;]+)/)[1] }));
  } finally {
    await site.kill();
  }
  // After the site stopped, so both read the same rows (signing in wrote activity rows).
  const local = join(scratch, "local.cms");
  succeeds(cli(["export", local, "--persist-to", source]));
  assert.equal(digest(archive), digest(local), "the remote export differs from the local export of the same state");
});

it("import --remote writes every row and object through wrangler --remote, only after the archive verified, and refuses a filled deployment unless --replace", () => {
  assert.ok(archive, "the remote export ran first");
  const deployment = freshState("deployment");
  const log = join(scratch, "calls.json");
  const standIn = { CMS_TOOLKIT_WRANGLER: join(ROOT, "test/fixtures/deploy/stand-in-wrangler.mjs"), STAND_IN_LOG: log, STAND_IN_STATE: join(scratch, "account.json"), STAND_IN_D1: deployment };
  const importing = (file, ...flags) => {
    writeFileSync(log, "[]");
    const run = cli(["import", file, "--remote", "--from", "src/site/collections.ts", ...flags], standIn);
    return { run, calls: JSON.parse(readFileSync(log, "utf8")) };
  };

  const text = readFileSync(archive, "utf8");
  const tampered = join(scratch, "tampered.cms");
  writeFileSync(tampered, text.replace("<p>Draft only.</p>", "<p>Draft only!</p>"));
  const bad = importing(tampered);
  assert.equal(bad.run.status, 1);
  assert.match(bad.run.stderr, /entry table:pages does not match its SHA-256 in the manifest/);
  assert.deepEqual(bad.calls, [], "wrangler ran before the archive verified");

  const good = importing(archive);
  succeeds(good.run);
  assert.ok(good.calls.some((call) => call.slice(0, 3).join(" ") === "r2 object put"), "no media object was stored");
  assert.ok(good.calls.filter((call) => call.includes("--file")).length > 0, "no rows were written");
  for (const call of good.calls) {
    assert.ok(call.includes("--remote"), `a call without --remote: ${JSON.stringify(call)}`);
    assert.ok(!call.includes("--local") && !call.includes("--persist-to"), `a call on local state: ${JSON.stringify(call)}`);
  }
  const copy = join(scratch, "copy.cms");
  succeeds(cli(["export", copy, "--persist-to", deployment]));
  assert.equal(digest(copy), digest(archive), "the deployment does not hold exactly the archive");

  const again = importing(archive);
  assert.equal(again.run.status, 1);
  assert.match(again.run.stderr, /the remote database DB already holds content \(.*pages.*\): import into an empty one, or pass --replace/);
  assert.ok(again.calls.every((call) => !call.includes("--file")), "a refused import wrote rows");
  succeeds(importing(archive, "--replace").run);
  succeeds(cli(["export", copy, "--persist-to", deployment]));
  assert.equal(digest(copy), digest(archive), "--replace left more or less than the archive");
});
