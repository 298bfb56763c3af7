import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Rooms holding acknowledged edits that D1 has not received yet: a room adds its row when it turns
 * dirty and deletes it once its draft is written. Durable Objects cannot be listed, so this is how
 * an export finds the rooms to flush first, and how the health check finds drafts left unflushed
 * past the maximum wait. `dirty_since` is Unix milliseconds.
 */
export const unflushedRooms = sqliteTable("unflushed_rooms", {
  room: text("room").primaryKey(),
  dirtySince: integer("dirty_since").notNull(),
});
