import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Each page's pending scheduled publish, one row per room (`<collection>:<id>`, as in
 * `unflushed_rooms`): the D1 copy of the timer the room keeps. The room writes the row before it
 * arms its alarm and deletes it when the schedule fires or is cancelled, so an export carries every
 * pending schedule and a room started without storage (a fresh deployment, an import) arms it
 * again. `at` is Unix milliseconds; `scheduler` the scheduling editor as JSON (`id`, `email`,
 * `name`, `roles`, `access`: never a sign-in id); `restore` is 1 when a named version goes live
 * (it is then laid over the live document).
 */
export const scheduledPublishes = sqliteTable("scheduled_publishes", {
  room: text("room").primaryKey(),
  versionId: integer("version_id"),
  at: integer("at").notNull(),
  restore: integer("restore").notNull().default(0),
  scheduler: text("scheduler").notNull(),
});
