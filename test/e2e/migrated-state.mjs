// A local wrangler state (`--persist-to`) whose D1 has a folder of migrations applied, and
// optionally some SQL files run after them, copied from one made once and kept under the system's
// temporary folder. `wrangler d1 migrations apply` starts a local runtime for each migration (20 of
// them cost ~8 s of CPU), and the node checks and the e2e site each need the same fresh database
// several times over; a copy of the SQLite files is that database byte for byte. The kept state is
// named by a hash of everything that makes it (the database id, each migration's and SQL file's name
// and bytes, wrangler's version), so an edited migration makes a new one and is never served stale.
// Checks whose subject is applying migrations (upgrade, migrations generate, cms-toolkit dev) still
// run wrangler's own command.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "../..");
const WRANGLER = join(ROOT, "node_modules/wrangler/bin/wrangler.js");
const WRANGLER_VERSION = JSON.parse(readFileSync(join(ROOT, "node_modules/wrangler/package.json"), "utf8")).version;
/** The reference site's database (wrangler.toml and test/e2e/wrangler.e2e.toml): its id names the local SQLite file. */
export const REFERENCE_DATABASE_ID = "00000000-0000-4000-8000-000000000001";
/** How long a check waits for another process making the same state before making it itself. */
const WAIT_FOR_OTHER_MS = 180_000;

/**
 * Fills `persistTo` (created, or added to) with a local state whose D1 `DB` (database id
 * `databaseId`) has every migration of `migrationsDir` applied by wrangler, then each of `sqlFiles`
 * executed in order; returns `persistTo`.
 *
 * @example
 * const state = migratedState(join(scratch, "empty"));
 * const seeded = migratedState(join(scratch, "seeded"), { sqlFiles: ["scripts/seed-demo.sql"] });
 */
export function migratedState(persistTo, { databaseId = REFERENCE_DATABASE_ID, migrationsDir = join(ROOT, "migrations"), sqlFiles = [] } = {}) {
  const migrations = readdirSync(migrationsDir).filter((name) => name.endsWith(".sql")).sort();
  const hash = createHash("sha256").update(`${WRANGLER_VERSION}\0${databaseId}\0`);
  for (const name of migrations) hash.update(`${name}\0`).update(readFileSync(join(migrationsDir, name))).update("\0");
  hash.update("sql files\0");
  for (const file of sqlFiles) hash.update(readFileSync(resolve(ROOT, file))).update("\0");
  const kept = join(tmpdir(), `cms-migrated-state-${hash.digest("hex").slice(0, 16)}`);
  if (!existsSync(kept)) make(kept, { databaseId, migrationsDir, sqlFiles });
  mkdirSync(persistTo, { recursive: true });
  cpSync(join(kept, "state"), persistTo, { recursive: true });
  return persistTo;
}

/** Makes the kept state in a folder of its own and renames it into place, so no process ever copies half of one. */
function make(kept, { databaseId, migrationsDir, sqlFiles }) {
  // Another file's process may be making the same state: wait for it rather than making it twice.
  const lock = `${kept}.making`;
  try {
    // A lock older than any making is one a killed run left behind.
    if (Date.now() - statSync(lock).mtimeMs > WAIT_FOR_OTHER_MS) rmSync(lock, { recursive: true, force: true });
  } catch {
    /* no lock */
  }
  try {
    mkdirSync(lock);
  } catch {
    const deadline = Date.now() + WAIT_FOR_OTHER_MS;
    while (!existsSync(kept) && existsSync(lock) && Date.now() < deadline) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    if (existsSync(kept)) return;
  }
  const work = mkdtempSync(join(dirname(kept), "cms-migrated-state-making-"));
  try {
    const config = join(work, "wrangler.toml");
    writeFileSync(config, ['name = "migrated-state"', 'compatibility_date = "2026-04-01"', "[[d1_databases]]", 'binding = "DB"', 'database_name = "DB"',
      `database_id = ${JSON.stringify(databaseId)}`, `migrations_dir = ${JSON.stringify(resolve(migrationsDir))}`, ""].join("\n"));
    const state = join(work, "state");
    run(["d1", "migrations", "apply", "DB", "--local", "-c", config, "--persist-to", state]);
    for (const file of sqlFiles) run(["d1", "execute", "DB", "--local", "-c", config, "--persist-to", state, "--file", resolve(ROOT, file)]);
    rmSync(config);
    try {
      renameSync(work, kept);
    } catch (error) {
      // Made meanwhile by a process that did not see the lock (it is the same state).
      if (!existsSync(kept)) throw error;
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
    rmSync(lock, { recursive: true, force: true });
  }
}

function run(args) {
  const answer = spawnSync(process.execPath, [WRANGLER, ...args], {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", CI: "true" },
  });
  if (answer.status !== 0) throw new Error(`wrangler ${args.slice(0, 3).join(" ")} exited ${answer.status}\n${answer.stdout}${answer.stderr}`);
}
