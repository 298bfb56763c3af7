// Adds or updates editors of the reference site in D1 through `wrangler d1 execute`, hashing with
// the same src/auth/password.ts the Worker verifies with. Used by scripts/add-editor.mjs, by
// scripts/dev.mjs to seed the local accounts, and by the e2e and Node tests. The SQL itself is the
// package command's (bin/lib/editor-accounts.mjs).
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { addEditorsArgs } from "../../bin/lib/editor-accounts.mjs";
import { wrangler } from "../wrangler-run.mjs";
import { loadTs } from "./load-ts.mjs";

export { EDITOR_ROLES, MIN_PASSWORD_LENGTH, assertEditorInput, sqlString, upsertEditorSql } from "../../bin/lib/editor-accounts.mjs";

/** The repository root, where src/ and wrangler.toml are. */
export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * Hashes a password with the Worker's own code (PBKDF2-SHA256, 100000 iterations).
 *
 * @example
 * const passwordHash = await hashEditorPassword("correct horse battery staple");
 */
export async function hashEditorPassword(password) {
  const { hashPassword } = await loadTs(resolve(PROJECT_ROOT, "src/auth/password.ts"));
  return hashPassword(password);
}

/**
 * Adds or updates several editors in one `wrangler d1 execute` run (each run costs seconds).
 * `remote: true` targets the deployed database; otherwise the local one, under `persistTo` if given.
 * wrangler's output is shown on failure, and on success too unless `quiet`.
 *
 * @example
 * await addEditors([{ email: "editor@example.test", name: "Editor", role: "editor", password }], { quiet: true });
 */
export async function addEditors(editors, { remote = false, persistTo, quiet = false } = {}) {
  const output = await wrangler(await addEditorsArgs(editors, { hash: hashEditorPassword, remote, persistTo }));
  if (!quiet) process.stdout.write(output);
}

/**
 * Adds or updates one editor; see `addEditors` for the options.
 *
 * @example
 * await addEditor({ email: "a@b.c", name: "A B", role: "publisher", password, remote: true });
 */
export function addEditor({ email, name, role, password, ...options }) {
  return addEditors([{ email, name, role, password }], options);
}
