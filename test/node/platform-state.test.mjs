// The CLI's reader and writer of a site's local state through wrangler's Node API (one runtime for
// a whole command): what it writes, wrangler's own commands read on the same `--persist-to`
// state, and what they write, it reads; an object past the size the API takes whole goes through
// `wrangler r2 object put`; the command prints nothing of wrangler's while it runs; and an export
// through wrangler's commands instead is the same archive.
// Run: node --test test/node/platform-state.test.mjs
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, before, it } from "node:test";
import { openPlatformState } from "../../bin/lib/platform-state.mjs";
import { openSiteState, PROXY_PUT_BYTES } from "../../bin/lib/site-state.mjs";
import { migratedState } from "../e2e/migrated-state.mjs";

const ROOT = resolve(import.meta.dirname, "../..");
const BUCKET = "cms-toolkit-media";
const scratch = mkdtempSync(join(tmpdir(), "cms-platform-state-"));
const persist = join(scratch, "state");
const target = { database: "DB", remote: false, target: "--local", flags: ["--persist-to", persist] };
const ENV = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", CI: "true" };

const wrangler = (...args) => {
  const run = spawnSync(process.execPath, [join(ROOT, "node_modules/wrangler/bin/wrangler.js"), ...args], { cwd: ROOT, encoding: "utf8", env: ENV });
  assert.equal(run.status, 0, run.stdout + run.stderr);
  return run.stdout;
};
const rows = (sql) => {
  const output = wrangler("d1", "execute", "DB", "--local", "--persist-to", persist, "--json", "--command", sql);
  return JSON.parse(output.slice(output.indexOf("["))).flatMap((result) => result.results);
};
/** Bytes that are not text, so nothing in between can pass them through a text decoding. */
const bytes = (length, seed) => Buffer.from(Array.from({ length }, (_, i) => (i * 7919 + seed) % 256));

/**
 * Holds the local D1 file locked from another process, as a running `wrangler dev` does while it
 * writes, until `release()` (which resolves once the lock is gone).
 */
async function lockDatabase() {
  const dir = join(persist, "v3/d1/miniflare-D1DatabaseObject");
  const file = join(dir, readdirSync(dir).find((name) => name.endsWith(".sqlite")));
  const hold = 'import sqlite3, sys\ndb = sqlite3.connect(sys.argv[1], isolation_level=None)\ndb.execute("BEGIN EXCLUSIVE")\nprint("locked", flush=True)\nsys.stdin.read()\ndb.execute("COMMIT")';
  const holder = spawn("python3", ["-c", hold, file], { stdio: ["pipe", "pipe", "inherit"] });
  const closed = new Promise((done) => holder.on("close", done));
  await new Promise((done, fail) => {
    holder.stdout.on("data", (chunk) => String(chunk).includes("locked") && done());
    closed.then(() => fail(new Error("the lock holder ended before it held the lock")));
  });
  return {
    release() {
      holder.stdin.end();
      return closed;
    },
  };
}

/** What `run` printed on this process's stderr. */
async function stderrOf(run) {
  const write = process.stderr.write;
  let printed = "";
  process.stderr.write = (chunk, ...rest) => {
    printed += chunk;
    return typeof rest.at(-1) === "function" ? (rest.at(-1)(), true) : true;
  };
  try {
    await run();
  } finally {
    process.stderr.write = write;
  }
  return printed;
}

let state = null;
before(async () => {
  migratedState(persist);
  state = await openSiteState({ target, cwd: ROOT, bucket: BUCKET, scratch });
});
after(async () => {
  await state?.close();
  rmSync(scratch, { recursive: true, force: true });
});

it("goes through wrangler's Node API when the site's wrangler has one, and through its commands under a stand-in", async () => {
  const platform = await openPlatformState({ target, cwd: ROOT, bucket: BUCKET });
  assert.notEqual(platform, null);
  await platform.close();
  process.env.CMS_TOOLKIT_WRANGLER = join(ROOT, "node_modules/wrangler/bin/wrangler.js");
  try {
    assert.equal(await openPlatformState({ target, cwd: ROOT, bucket: BUCKET }), null);
  } finally {
    delete process.env.CMS_TOOLKIT_WRANGLER;
  }
});

it("a batch it writes is what wrangler d1 execute reads, and it reads rows as wrangler does", async () => {
  await state.execute([
    "PRAGMA defer_foreign_keys = true",
    "INSERT INTO page_redirects (from_slug, to_slug) VALUES ('old', 'new'), ('it''s', 'ça')",
  ]);
  const sql = "SELECT from_slug, to_slug FROM page_redirects ORDER BY from_slug";
  const [read] = await state.query([sql]);
  assert.deepEqual(read, rows(sql));
  assert.deepEqual(read.map((row) => row.to_slug), ["ça", "new"]);
});

it("a batch that fails writes none of its statements", async () => {
  await assert.rejects(state.execute(["INSERT INTO page_redirects (from_slug, to_slug) VALUES ('a', 'b')", "INSERT INTO no_such_table VALUES (1)"]), /no_such_table/);
  assert.deepEqual(rows("SELECT count(*) AS n FROM page_redirects WHERE from_slug = 'a'"), [{ n: 0 }]);
});

it("objects it stores are wrangler's to read, and the other way round, byte for byte, a large one through wrangler", async () => {
  const small = bytes(150_000, 1);
  const large = bytes(PROXY_PUT_BYTES + 1, 2);
  for (const [key, body] of [
    ["uploads/small.png", small],
    ["uploads/large.bin", large],
  ]) {
    const file = join(scratch, "put");
    writeFileSync(file, body);
    await state.writeObject(key, file, "image/png");
    wrangler("r2", "object", "get", `${BUCKET}/${key}`, "--file", join(scratch, "got"), "--local", "--persist-to", persist);
    assert.ok(readFileSync(join(scratch, "got")).equals(body), key);
  }
  const theirs = bytes(70_000, 3);
  writeFileSync(join(scratch, "theirs"), theirs);
  wrangler("r2", "object", "put", `${BUCKET}/uploads/theirs.bin`, "--file", join(scratch, "theirs"), "--local", "--persist-to", persist);
  const { size, body } = await state.readObject("uploads/theirs.bin");
  const chunks = [];
  for await (const chunk of body) chunks.push(chunk);
  assert.equal(size, theirs.length);
  assert.ok(Buffer.concat(chunks).equals(theirs));
  await assert.rejects(state.readObject("uploads/absent.png"), /uploads\/absent\.png/);
});

it("an export prints only its own line: nothing of wrangler's runtime", () => {
  const run = spawnSync(process.execPath, [join(ROOT, "bin/cms-toolkit.mjs"), "export", join(scratch, "site.cms"), "--persist-to", persist], { cwd: ROOT, encoding: "utf8", env: ENV });
  assert.equal(run.status, 0, run.stdout + run.stderr);
  assert.equal(run.stderr, "");
  assert.match(run.stdout.trim(), /^wrote .*site\.cms: \d+ rows in \d+ tables, 0 media objects$/);
});

it("a read that meets the database locked by another process is asked again until it answers, printing nothing of the runtime's", async () => {
  const lock = await lockDatabase();
  const order = [];
  const printed = await stderrOf(async () => {
    const read = state.query(["SELECT count(*) AS n FROM page_redirects"], { retryWaitMs: 50 }).then((answer) => {
      order.push("answered");
      return answer;
    });
    await new Promise((done) => setTimeout(done, 1_000));
    // Noted as the holder is told to let go: the read may answer as soon as it has, before the
    // holder's process has closed (one CI run saw it answer in between).
    order.push("releasing");
    await lock.release();
    assert.deepEqual(await read, [[{ n: 2 }]]);
  });
  assert.deepEqual(order, ["releasing", "answered"]);
  assert.equal(printed, "");
});

it("a lock that outlasts the wait is reported saying so, with the runtime's cause", async () => {
  const lock = await lockDatabase();
  try {
    await assert.rejects(state.query(["SELECT 1 AS one"], { retryWaitMs: 50, busyForMs: 300 }), /stayed locked for 0.3 s[^]*the local runtime: [^]*database is locked/);
  } finally {
    await lock.release();
  }
});

it("an export taken while the database is locked waits for it, and prints only its own line", async () => {
  const lock = await lockDatabase();
  const child = spawn(process.execPath, [join(ROOT, "bin/cms-toolkit.mjs"), "export", join(scratch, "locked.cms"), "--persist-to", persist], { cwd: ROOT, env: ENV });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const status = new Promise((done) => child.on("close", done));
  await new Promise((done) => setTimeout(done, 4_000));
  await lock.release();
  assert.equal(await status, 0, stdout + stderr);
  assert.equal(stderr, "");
  assert.match(stdout.trim(), /^wrote .*locked\.cms: \d+ rows in \d+ tables, 0 media objects$/);
});

it("an export through wrangler's commands (a wrangler without the Node API) is the same archive byte for byte", () => {
  const exported = (name, env) => {
    const run = spawnSync(process.execPath, [join(ROOT, "bin/cms-toolkit.mjs"), "export", join(scratch, name), "--persist-to", persist], { cwd: ROOT, encoding: "utf8", env });
    assert.equal(run.status, 0, run.stdout + run.stderr);
    return readFileSync(join(scratch, name));
  };
  const throughApi = exported("api.cms", ENV);
  const throughCommands = exported("commands.cms", { ...ENV, CMS_TOOLKIT_WRANGLER: join(ROOT, "node_modules/wrangler/bin/wrangler.js") });
  assert.ok(throughCommands.equals(throughApi));
});
