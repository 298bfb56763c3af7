import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * Which rooms hold an open connection of which sign-in session: a room adds a row when it admits a
 * connection that carries a session, and deletes it when the session's last connection in the
 * room closes or is evicted, or the room forgets its record. Durable Objects cannot be listed, so
 * this is how a sign-out, a removed account or a change of role or scope finds the rooms to tell
 * at once (`PageRoom.recheckSessions`). A row left behind (a room the runtime dropped) costs one
 * idempotent recheck of a room with nobody in it, which answers without loading.
 */
export const roomSessions = sqliteTable(
  "room_sessions",
  {
    room: text("room").notNull(),
    sessionId: text("session_id").notNull(),
    editorId: text("editor_id").notNull(),
  },
  (table) => [uniqueIndex("room_sessions_session_room").on(table.sessionId, table.room), index("room_sessions_editor").on(table.editorId)],
);
