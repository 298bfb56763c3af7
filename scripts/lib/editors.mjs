// Adds or updates editors of the reference site in D1 through `wrangler d1 execute`, hashing with
// the same src/site/auth/password.ts the Worker verifies with. Used by scripts/add-editor.mjs and by
// scripts/dev.mjs to seed the local accounts.
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { wrangler } from "../wrangler-run.mjs";
import { loadTs } from "./load-ts.mjs";

/** The repository root, where src/ and wrangler.toml are. */
export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** Roles the `editors` table accepts. */
export const EDITOR_ROLES = ["editor", "publisher"];

/** Shortest password accepted for a new or updated editor. */
export const MIN_PASSWORD_LENGTH = 8;

/**
 * A SQLite string literal. SQLite has no backslash escapes: doubling `'` is the whole escape, and
 * NUL (which would cut the statement short) is refused.
 *
 * @example
 * sqlString("O'Brien") // "'O''Brien'"
 */
export function sqlString(value) {
  const text = String(value);
  if (text.includes("\u0000")) throw new Error("a SQL string may not contain NUL");
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * The insert-or-update statement for one editor, keyed by email (case-insensitive column).
 *
 * @example
 * upsertEditorSql({ email: "a@b.c", name: "A B", role: "editor", passwordHash })
 */
export function upsertEditorSql({ email, name, role, passwordHash }) {
  return (
    "INSERT INTO editors (email, name, role, password_hash) VALUES " +
    `(${sqlString(email)}, ${sqlString(name)}, ${sqlString(role)}, ${sqlString(passwordHash)}) ` +
    "ON CONFLICT(email) DO UPDATE SET name = excluded.name, role = excluded.role, password_hash = excluded.password_hash;"
  );
}

/**
 * Checks one editor's fields and throws an Error naming the first problem.
 *
 * @example
 * assertEditorInput({ email: "a@b.c", name: "A", role: "editor", password: "long enough" });
 */
export function assertEditorInput({ email, name, role, password }) {
  const controls = /[\u0000-\u001f\u007f]/;
  if (typeof email !== "string" || !/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 254) throw new Error(`invalid --email: ${JSON.stringify(email)}`);
  if (typeof name !== "string" || name.trim() === "" || name.length > 200 || controls.test(name)) throw new Error("--name must be 1 to 200 printable characters");
  if (!EDITOR_ROLES.includes(role)) throw new Error(`--role must be one of ${EDITOR_ROLES.join(", ")}, got ${JSON.stringify(role)}`);
  if (typeof password !== "string" || password.length < MIN_PASSWORD_LENGTH) throw new Error(`the password must be at least ${MIN_PASSWORD_LENGTH} characters`);
}

/**
 * Hashes a password with the Worker's own code (PBKDF2-SHA256, 100000 iterations).
 *
 * @example
 * const passwordHash = await hashEditorPassword("correct horse battery staple");
 */
export async function hashEditorPassword(password) {
  const { hashPassword } = await loadTs(resolve(PROJECT_ROOT, "src/site/auth/password.ts"));
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
  for (const editor of editors) assertEditorInput(editor);
  if (remote && persistTo) throw new Error("--persist-to applies to the local database only");
  const statements = [];
  for (const editor of editors) {
    statements.push(upsertEditorSql({ ...editor, email: editor.email.trim(), passwordHash: await hashEditorPassword(editor.password) }));
  }
  // wrangler gets an argument array, no shell: the SQL reaches D1 exactly as built above.
  const args = ["d1", "execute", "DB", remote ? "--remote" : "--local", "--command", statements.join(" ")];
  if (persistTo) args.push("--persist-to", persistTo);
  const output = await wrangler(args);
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
