// Editor accounts as SQL: input checks and the insert-or-update statement for the `editors` table
// (sql/core.sql). Shared by `npx cms-toolkit add-editor` and the repository's own scripts, so
// both write accounts the same way.

/** Roles the `editors` table accepts. */
export const EDITOR_ROLES = ["editor", "publisher", "admin"];

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
 * The insert-or-update statement for one editor, keyed by email (case-insensitive column), and the
 * delete of their sign-in sessions (a reset password or role takes effect at once).
 *
 * @example
 * upsertEditorSql({ email: "a@b.c", name: "A B", role: "editor", passwordHash })
 */
export function upsertEditorSql({ email, name, role, passwordHash }) {
  return (
    "INSERT INTO editors (email, name, role, password_hash) VALUES " +
    `(${sqlString(email)}, ${sqlString(name)}, ${sqlString(role)}, ${sqlString(passwordHash)}) ` +
    "ON CONFLICT(email) DO UPDATE SET name = excluded.name, role = excluded.role, password_hash = excluded.password_hash; " +
    // A new password or role ends the editor's open sessions, as signing out does.
    `DELETE FROM editor_sessions WHERE editor_id = (SELECT id FROM editors WHERE email = ${sqlString(email)});`
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
 * The `wrangler d1 execute` arguments that add or update `editors` (checked, passwords hashed by
 * `hash`) in the database bound as `database`. The SQL travels as one argument, never through a
 * shell.
 *
 * @example
 * const args = await addEditorsArgs([{ email, name, role, password }], { hash: hashPassword, remote: true });
 */
export async function addEditorsArgs(editors, { hash, remote = false, persistTo, config, database = "DB" }) {
  for (const editor of editors) assertEditorInput(editor);
  if (remote && persistTo) throw new Error("--persist-to applies to the local database only");
  const statements = [];
  for (const editor of editors) {
    statements.push(upsertEditorSql({ ...editor, email: editor.email.trim(), passwordHash: await hash(editor.password) }));
  }
  const args = ["d1", "execute", database, remote ? "--remote" : "--local", "--command", statements.join(" ")];
  if (persistTo) args.push("--persist-to", persistTo);
  if (config) args.push("--config", config);
  return args;
}
