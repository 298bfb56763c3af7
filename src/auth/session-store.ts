import { storedAccessScope, type AccessScope } from "../shared/access-scope";
import { isEditorRole, type EditorRole } from "./session-cookie";

/*
 * Sessions kept in D1 so they can end before their cookie expires. Resolving a request costs one
 * indexed D1 read (primary key lookup joined to the editor row) on top of the cookie's HMAC check;
 * in return, sign-out and editor removal take effect on the very next request, and a role change
 * does too, because the role is read from the editor row, not from the cookie.
 */

/** The editor behind a live session, as stored now. */
export interface SessionEditor {
  id: number;
  email: string;
  name: string;
  role: EditorRole;
  scope: AccessScope;
  /** The stored scope text, compared as is to notice a change. */
  scopes: string;
  /** Whether the account has a second factor (TOTP) on. */
  secondFactor: boolean;
  /** When the editor was last noted active (ISO 8601), or `null` before their first sign-in. */
  lastActiveAt: string | null;
}

/**
 * Stores a new session for `editorId` lasting until `expiresAt` (Unix seconds) and answers its id,
 * 128 random bits. The editor's expired sessions are deleted in the same batch, and, given
 * `activeAt` (ISO 8601), the editor's `last_active_at` is set to it there too.
 *
 * @example
 * const sid = await createEditorSession(env.DB, editor.id, iat + SESSION_LIFETIME_SECONDS, iat);
 */
export async function createEditorSession(db: D1Database, editorId: number, expiresAt: number, nowSeconds: number, activeAt?: string): Promise<string> {
  const id = crypto.randomUUID();
  await db.batch([
    db.prepare("DELETE FROM editor_sessions WHERE editor_id = ?1 AND expires_at <= ?2").bind(editorId, nowSeconds),
    db.prepare("INSERT INTO editor_sessions (id, editor_id, expires_at) VALUES (?1, ?2, ?3)").bind(id, editorId, expiresAt),
    ...(activeAt === undefined ? [] : [db.prepare("UPDATE editors SET last_active_at = ?2 WHERE id = ?1").bind(editorId, activeAt)]),
  ]);
  return id;
}

/**
 * The editor of session `sid` when it exists, belongs to editor `editorId`, has not expired, and
 * the editor still exists with a known role; else `null`.
 *
 * @example
 * const editor = await findSessionEditor(env.DB, payload.sid, Number(payload.sub), Math.floor(Date.now() / 1000));
 */
export async function findSessionEditor(db: D1Database, sid: string, editorId: number, nowSeconds: number): Promise<SessionEditor | null> {
  return sessionEditorOf(await sessionEditorStatement(db, sid, editorId, nowSeconds).first());
}

/**
 * The session lookup as one prepared statement, so a route can send it to D1 in the same batch as
 * its own first read (one round trip); {@link sessionEditorOf} reads its row.
 *
 * @example
 * const [session, page] = await env.DB.batch([sessionEditorStatement(env.DB, sid, 7, now), pageStatement]);
 */
export function sessionEditorStatement(db: Pick<D1Database, "prepare">, sid: string, editorId: number, nowSeconds: number): D1PreparedStatement {
  return db
    .prepare(
      "SELECT e.id, e.email, e.name, e.role, e.scopes, e.last_active_at, t.enabled_at IS NOT NULL AS second_factor FROM editor_sessions s JOIN editors e ON e.id = s.editor_id LEFT JOIN editor_totp t ON t.editor_id = e.id WHERE s.id = ?1 AND s.editor_id = ?2 AND s.expires_at > ?3",
    )
    .bind(sid, editorId, nowSeconds);
}

/**
 * The editors behind sessions `sids`, in one D1 read however many there are (the ids go as one JSON
 * parameter, so D1's limit on bound parameters does not cap them): a live room confirms all its
 * connections' sessions with it every `sessionRecheckMs`. A session missing from the map has ended
 * (signed out, expired, its editor removed or of an unknown role).
 *
 * @example
 * const editors = await findSessionEditors(env.DB, ["9f1c…", "03ab…"], Math.floor(Date.now() / 1000));
 */
export async function findSessionEditors(db: D1Database, sids: readonly string[], nowSeconds: number): Promise<Map<string, SessionEditor>> {
  const found = new Map<string, SessionEditor>();
  if (sids.length === 0) return found;
  const { results } = await db
    .prepare(
      "SELECT s.id AS sid, e.id, e.email, e.name, e.role, e.scopes, e.last_active_at, t.enabled_at IS NOT NULL AS second_factor FROM editor_sessions s JOIN editors e ON e.id = s.editor_id LEFT JOIN editor_totp t ON t.editor_id = e.id WHERE s.id IN (SELECT value FROM json_each(?1)) AND s.expires_at > ?2",
    )
    .bind(JSON.stringify([...new Set(sids)]), nowSeconds)
    .all<Record<string, unknown>>();
  for (const row of results) {
    const editor = sessionEditorOf(row);
    if (editor && typeof row.sid === "string") found.set(row.sid, editor);
  }
  return found;
}

/**
 * The editor in a row of {@link sessionEditorStatement}, or `null` (no row: the session ended; or an unknown role).
 *
 * @example
 * sessionEditorOf(null) // null
 */
export function sessionEditorOf(row: Record<string, unknown> | null | undefined): SessionEditor | null {
  if (!row || !isEditorRole(row.role)) return null;
  const scopes = typeof row.scopes === "string" ? row.scopes : "{}";
  const lastActiveAt = typeof row.last_active_at === "string" ? row.last_active_at : null;
  return { id: Number(row.id), email: String(row.email), name: String(row.name), role: row.role, scope: storedAccessScope(scopes), scopes, secondFactor: row.second_factor === 1, lastActiveAt };
}

/** How stale `last_active_at` may grow before a request of the editor's writes it again: 5 minutes. */
export const LAST_ACTIVE_GRANULARITY_MS = 5 * 60 * 1000;

/**
 * Notes `editor` active at `nowMs` when their stored time is older than
 * {@link LAST_ACTIVE_GRANULARITY_MS} (or unset): at most one D1 write per editor in that span, however
 * many requests they make; the condition is repeated in SQL, so parallel requests write once too.
 *
 * @example
 * await noteEditorActive(env.DB, editor, Date.now());
 */
export async function noteEditorActive(db: D1Database, editor: Pick<SessionEditor, "id" | "lastActiveAt">, nowMs: number): Promise<void> {
  const threshold = new Date(nowMs - LAST_ACTIVE_GRANULARITY_MS).toISOString();
  if (editor.lastActiveAt !== null && editor.lastActiveAt > threshold) return;
  await db
    .prepare("UPDATE editors SET last_active_at = ?2 WHERE id = ?1 AND (last_active_at IS NULL OR last_active_at <= ?3)")
    .bind(editor.id, new Date(nowMs).toISOString(), threshold)
    .run();
}

/**
 * Ends one session (sign-out).
 *
 * @example
 * await deleteEditorSession(env.DB, payload.sid);
 */
export async function deleteEditorSession(db: D1Database, sid: string): Promise<void> {
  await db.prepare("DELETE FROM editor_sessions WHERE id = ?1").bind(sid).run();
}

/**
 * Ends every session of an editor (a password change, a suspected leak); deleting the editor row
 * does this too.
 *
 * @example
 * await revokeEditorSessions(env.DB, editorId);
 */
export async function revokeEditorSessions(db: D1Database, editorId: number): Promise<number> {
  const result = await db.prepare("DELETE FROM editor_sessions WHERE editor_id = ?1").bind(editorId).run();
  return result.meta.changes;
}
