import type { EditorRole } from "./session-cookie";

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
  if (!row || (row.role !== "editor" && row.role !== "publisher")) return null;
  return { id: row.id, email: row.email, name: row.name, role: row.role, passwordHash: row.password_hash };
}
