// Adds or updates editors of the reference site in D1 through `wrangler d1 execute`, hashing with
// the same src/auth/password.ts the Worker verifies with. Used by scripts/add-editor.mjs, by
// scripts/dev.mjs to seed the local accounts, and by the e2e and Node tests. The SQL itself is the
// package command's (bin/lib/editor-accounts.mjs).
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { addEditorsArgs, sqlString } from "../../bin/lib/editor-accounts.mjs";
import { runEditorSql } from "../../bin/lib/editor-tables.mjs";
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
 * Checks a password against a stored hash with the Worker's own code.
 *
 * @example
 * await verifyEditorPassword("correct horse battery staple", row.password_hash) // true
 */
export async function verifyEditorPassword(password, passwordHash) {
  const { verifyPassword } = await loadTs(resolve(PROJECT_ROOT, "src/auth/password.ts"));
  return verifyPassword(password, passwordHash);
}

/**
 * The editors whose stored row differs from what is wanted: absent, another name or role, or a
 * hash the wanted password does not verify against. Writing an editor ends their sessions, so
 * only these are written; an unchanged account keeps its editors signed in.
 *
 * @example
 * await editorsToWrite([{ email, name, role, password }], rows, verifyEditorPassword) // [] when nothing changed
 */
export async function editorsToWrite(wanted, stored, verify) {
  const byEmail = new Map(stored.map((row) => [String(row.email).toLowerCase(), row]));
  const changed = [];
  for (const editor of wanted) {
    const row = byEmail.get(editor.email.trim().toLowerCase());
    const same = row && row.name === editor.name && row.role === editor.role && (await verify(editor.password, row.password_hash));
    if (!same) changed.push(editor);
  }
  return changed;
}

/**
 * Makes sure the local editors exist with these names, roles and passwords, writing (and so
 * signing out) only the accounts that changed: `npm run dev` runs it on every start.
 *
 * @example
 * const written = await ensureEditors([{ email: "editor@example.test", name: "Eddie Editor", role: "editor", password }]);
 */
export async function ensureEditors(editors, { persistTo } = {}) {
  const emails = editors.map((editor) => sqlString(editor.email.trim())).join(", ");
  const args = ["d1", "execute", "DB", "--local", "--json", "--command", `SELECT email, name, role, password_hash FROM editors WHERE email IN (${emails})`];
  if (persistTo) args.push("--persist-to", persistTo);
  const stored = JSON.parse(await wrangler(args)).flatMap((result) => result.results ?? []);
  const changed = await editorsToWrite(editors, stored, verifyEditorPassword);
  if (changed.length > 0) await addEditors(changed, { quiet: true, persistTo });
  return changed;
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
  const output = await runEditorSql(wrangler, await addEditorsArgs(editors, { hash: hashEditorPassword, remote, persistTo }));
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
