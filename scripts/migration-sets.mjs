#!/usr/bin/env node
/*
 * The migration sets this package has shipped: each distinct state of migrations/ along the main
 * line of the repository's history (first parents, so a branch's passing states do not count), oldest
 * first, today's last. Each file is named with its git blob id, so a test can rebuild a set from
 * today's files and notice a shipped migration that was edited since (a deployed database never
 * runs an edited migration again).
 *
 * `node scripts/migration-sets.mjs` rewrites test/fixtures/migration-sets/sets.json, which
 * test/node/upgrade.test.mjs reads (so it runs on a shallow clone too) and checks against the
 * history when the history is there. Run it after a merge that adds a migration.
 *
 * A state main held only between commits of one session, replaced before anything was deployed
 * from it, was never shipped: its commit is listed in NEVER_SHIPPED (a migration may still be
 * edited then, and no site can be at it).
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const PROJECT_ROOT = fileURLToPath(new URL("..", import.meta.url));
export const SETS_FILE = join(PROJECT_ROOT, "test/fixtures/migration-sets/sets.json");

/** Commits of main whose migrations/ no deployment ever ran (see above), each with why. */
const NEVER_SHIPPED = new Map([
  ["ad9cc56b3bb70c0bcfd20ebb0c86bafe96988b8e", "0012_team_roles.sql gained the id counter's carry-over before landing"],
  ["279051c", "the team's migrations 0012-0015 were merged one branch at a time in one session"],
  ["90b8e22", "the same"],
  ["0320227", "the same"],
  ["98fc529", "0016_review_comments.sql and 0017_unflushed_rooms.sql were merged one branch at a time in one session"],
  ["44fd9df52", "0016_review_comments.sql's author column became TEXT before landing (the stop that carried it did not land)"],
  ["1325cfa09", "0020_scheduled_publishes.sql was merged before 0019_redirect_locales.sql in one session"],
]);

const git = (...args) => execFileSync("git", args, { cwd: PROJECT_ROOT, encoding: "utf8" });

/** `[{ commit, files: [{ name, blob }] }]`, oldest first; the last is the set at HEAD. */
export function migrationSetsFromHistory() {
  const sets = [];
  const seen = new Set();
  for (const commit of git("log", "--first-parent", "--reverse", "--format=%H", "HEAD", "--", "migrations/").split("\n").filter(Boolean)) {
    const files = git("ls-tree", commit, "migrations/")
      .split("\n")
      .filter((line) => line.endsWith(".sql"))
      .map((line) => {
        const [meta, path] = line.split("\t");
        return { name: path.slice("migrations/".length), blob: meta.split(" ")[2] };
      });
    const key = JSON.stringify(files);
    if (seen.has(key) || [...NEVER_SHIPPED.keys()].some((never) => commit.startsWith(never))) continue;
    seen.add(key);
    sets.push({ commit, files });
  }
  return sets;
}

/** Whether this checkout has the whole history (a shallow clone lacks the older sets). */
export function historyAvailable() {
  try {
    return git("rev-parse", "--is-shallow-repository").trim() === "false";
  } catch {
    return false;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!historyAvailable()) throw new Error("the migration sets come from the whole history: run this in a full clone (git fetch --unshallow)");
  const sets = migrationSetsFromHistory();
  writeFileSync(SETS_FILE, `${JSON.stringify(sets, null, 2)}\n`);
  console.log(`${sets.length} migration sets written to ${SETS_FILE}`);
}
