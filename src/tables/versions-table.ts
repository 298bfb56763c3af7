import { sql } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

const NOW = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/**
 * The draft history table every drafts-enabled collection needs, named `<slug>_versions`: one row
 * per version, each a complete publishable snapshot. Its SQL (keep a migration in step):
 * `CREATE TABLE <slug>_versions (id INTEGER PRIMARY KEY AUTOINCREMENT, parent_id INTEGER NOT NULL,
 * status TEXT NOT NULL DEFAULT 'draft', version_data TEXT NOT NULL, created_by TEXT,
 * created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')))`, plus an index on
 * `(parent_id, status, id)`.
 *
 * @example
 * const postsVersions = versionsTable("posts");
 */
export function versionsTable<const S extends string>(slug: S) {
  return sqliteTable(`${slug}_versions`, {
    id: integer("id").primaryKey({ autoIncrement: true }),
    parentId: integer("parent_id").notNull(),
    status: text("status").notNull().default("draft"),
    versionData: text("version_data", { mode: "json" }).notNull(),
    createdBy: text("created_by"),
    createdAt: text("created_at").notNull().default(NOW),
  });
}
