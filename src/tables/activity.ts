import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The activity log: one row per thing a person (or the system) did to the site, appended and never
 * changed. `actor_id` and `actor_name` are who it was at the time (`null` and `""` for the system);
 * `detail` is a small bounded JSON object (a title, the names of the fields changed), never a
 * content body or a secret; `request_id` is the write's `x-request-id`, so a row leads to its log
 * line. Nothing in the package updates or deletes rows.
 */
export const activity = sqliteTable(
  "activity",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    at: text("at").notNull(),
    actorId: text("actor_id"),
    actorName: text("actor_name").notNull(),
    kind: text("kind").notNull(),
    collection: text("collection"),
    recordId: integer("record_id"),
    versionId: integer("version_id"),
    detail: text("detail").notNull(),
    requestId: text("request_id").notNull(),
  },
  (table) => [
    index("activity_actor").on(table.actorId, table.id),
    index("activity_record").on(table.recordId, table.collection, table.id),
    index("activity_kind").on(table.kind, table.id),
  ],
);
