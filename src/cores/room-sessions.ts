/*
 * Which rooms hold an open connection of which sign-in session (table `room_sessions`). Durable
 * Objects cannot be listed, so a room notes each session it admits and drops the note when the
 * session's last connection there ends; a sign-out or a change of an account's access reads the
 * notes to tell exactly those rooms at once. Every write here is idempotent and a note left behind
 * is harmless: the room it names is asked to recheck, finds no such connection, and nothing closes.
 */

/** A note whose sign-in session no longer exists (signed out, revoked, expired and swept). */
const ENDED = `"session_id" NOT IN (SELECT "id" FROM "editor_sessions")`;

/** Whose connections to find: one or more sign-ins, or every sign-in of one account. */
export type SessionRoomsTarget = { sessionIds: readonly string[] } | { editorId: string };

/**
 * Notes that `room` holds an open connection of session `sessionId` (account `editorId`), and
 * drops the account's notes whose session has ended. Notes outlive their session when nothing
 * ran to drop them: a session that simply expired after its room stopped, or a room stopped by a
 * deploy without closing its connections. Sweeping an account's own at its next admission keeps
 * the table to about its live sessions' rooms, on a path that runs once per connection. Only a
 * built-in sign-in sweeps (its session is in `editor_sessions`): a site's own sign-in keeps its
 * sessions elsewhere, where every note would look ended.
 *
 * @example
 * await noteRoomSession(env.DB, "pages:12", "9f1c…", "7");
 */
export async function noteRoomSession(db: D1Database, room: string, sessionId: string, editorId: string): Promise<void> {
  await db.batch([
    db.prepare(`INSERT INTO "room_sessions" ("room", "session_id", "editor_id") VALUES (?1, ?2, ?3) ON CONFLICT ("session_id", "room") DO NOTHING`).bind(room, sessionId, editorId),
    db.prepare(`DELETE FROM "room_sessions" WHERE "editor_id" = ?1 AND ${ENDED} AND EXISTS (SELECT 1 FROM "editor_sessions" WHERE "id" = ?2)`).bind(editorId, sessionId),
  ]);
}

/**
 * Drops the notes of `room` for sessions `sessionIds` (their last connection there ended), or for
 * every session when `sessionIds` is `null` (the room forgot its record).
 *
 * @example
 * await dropRoomSessions(env.DB, "pages:12", ["9f1c…"]);
 */
export async function dropRoomSessions(db: D1Database, room: string, sessionIds: readonly string[] | null): Promise<void> {
  if (sessionIds === null) {
    await db.prepare(`DELETE FROM "room_sessions" WHERE "room" = ?1`).bind(room).run();
    return;
  }
  if (sessionIds.length === 0) return;
  await db.prepare(`DELETE FROM "room_sessions" WHERE "room" = ?1 AND "session_id" IN (SELECT value FROM json_each(?2))`).bind(room, JSON.stringify(sessionIds)).run();
}

/**
 * The rooms noted as holding a connection of `target`, each once, in name order.
 *
 * @example
 * await roomsOfSessions(env.DB, { editorId: "7" }) // ["pages:2", "pages:12"]
 */
export async function roomsOfSessions(db: D1Database, target: SessionRoomsTarget): Promise<string[]> {
  const statement =
    "editorId" in target
      ? db.prepare(`SELECT DISTINCT "room" FROM "room_sessions" WHERE "editor_id" = ?1 ORDER BY "room"`).bind(target.editorId)
      : db.prepare(`SELECT DISTINCT "room" FROM "room_sessions" WHERE "session_id" IN (SELECT value FROM json_each(?1)) ORDER BY "room"`).bind(JSON.stringify(target.sessionIds));
  const { results } = await statement.all<{ room: string }>();
  return results.map(({ room }) => room);
}

/**
 * Drops the notes of `target` whose session no longer exists (signed out, revoked, removed with its
 * account): no connection of theirs can join a room again, so nothing will need to find them. A
 * sign-in made since (a new session of the same account) keeps its notes.
 *
 * @example
 * await forgetEndedSessions(env.DB, { editorId: "7" });
 */
export async function forgetEndedSessions(db: D1Database, target: SessionRoomsTarget): Promise<void> {
  const statement =
    "editorId" in target
      ? db.prepare(`DELETE FROM "room_sessions" WHERE "editor_id" = ?1 AND ${ENDED}`).bind(target.editorId)
      : db.prepare(`DELETE FROM "room_sessions" WHERE "session_id" IN (SELECT value FROM json_each(?1)) AND ${ENDED}`).bind(JSON.stringify(target.sessionIds));
  await statement.run();
}
