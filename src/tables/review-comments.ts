import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The durable copy of every page's comment threads (the room's `cms:comments` is the live one):
 * one row per thread (`parent` null) and one per reply (`parent` its thread's id). `quote`,
 * `from_offset` and `to_offset` are the thread's words and character offsets as of the room's last
 * draft write (null offsets once the words were deleted, and for a whole-section thread), from
 * which a room whose storage is empty anchors the thread again. `resolved` is JSON
 * (`{ by, byName, at }`) or null; `mentions` a JSON array of editor ids. Deleting the record deletes
 * its rows. `author` is the editor's id as text (`EditorSession.id`), whatever the site's sign-in.
 */
export const reviewComments = sqliteTable(
  "review_comments",
  {
    id: text("id").primaryKey(),
    collection: text("collection").notNull(),
    recordId: integer("record_id").notNull(),
    parent: text("parent"),
    field: text("field").notNull(),
    quote: text("quote").notNull(),
    fromOffset: integer("from_offset"),
    toOffset: integer("to_offset"),
    text: text("text").notNull(),
    author: text("author").notNull(),
    authorName: text("author_name").notNull(),
    at: text("at").notNull(),
    edited: text("edited"),
    resolved: text("resolved"),
    mentions: text("mentions").notNull(),
  },
  (table) => [index("review_comments_record").on(table.collection, table.recordId, table.parent)],
);
