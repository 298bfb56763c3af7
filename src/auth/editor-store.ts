import { isPositiveId } from "../shared/write-input";
import { isEditorRole, type EditorRole } from "./session-cookie";

/** An editor row as sign-in needs it. */
export interface EditorRecord {
  id: number;
  email: string;
  name: string;
  role: EditorRole;
  passwordHash: string;
}

/**
 * Finds an editor by email; the column is `COLLATE NOCASE`, so case does not matter. A row with a
 * role this code does not know is treated as absent rather than guessed at.
 *
 * @example
 * const editor = await findEditorByEmail(env.DB, "Editor@Example.test");
 */
export async function findEditorByEmail(db: D1Database, email: string): Promise<EditorRecord | null> {
  const row = await db
    .prepare("SELECT id, email, name, role, password_hash FROM editors WHERE email = ?1")
    .bind(email)
    .first<{ id: number; email: string; name: string; role: string; password_hash: string }>();
  if (!row || !isEditorRole(row.role)) return null;
  return { id: row.id, email: row.email, name: row.name, role: row.role, passwordHash: row.password_hash };
}

/**
 * Whether any account may sign in (an editor, a publisher or an admin): a site answers a sign-in differently
 * before its first account exists.
 *
 * @example
 * if (!(await hasEditors(env.DB))) throw new NoEditorAccountsError();
 */
export async function hasEditors(db: D1Database): Promise<boolean> {
  return (await db.prepare("SELECT 1 AS found FROM editors WHERE role IN ('editor', 'publisher', 'admin') LIMIT 1").first()) !== null;
}

/**
 * Display names of editors by id (the `sub` of their session, which drafts record as
 * `createdBy`), for the history view. Ids that are not editors are left out.
 *
 * @example
 * const names = await editorNames(env.DB, ["1", "2"]); // Map { "1" => "Eddie Editor", ... }
 */
export async function editorNames(db: D1Database, ids: readonly string[]): Promise<Map<string, string>> {
  const numeric = ids.filter((id) => isPositiveId(id)).slice(0, 100);
  if (numeric.length === 0) return new Map();
  const { results } = await db
    .prepare(`SELECT id, name FROM editors WHERE id IN (${numeric.map((_, i) => `?${i + 1}`).join(", ")})`)
    .bind(...numeric.map(Number))
    .all<{ id: number; name: string }>();
  return new Map(results.map((row) => [String(row.id), row.name]));
}
