import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

const NOW = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/**
 * Fresh builders of a `<slug>_versions` table's columns (Drizzle builders belong to one table, so
 * each table needs its own).
 *
 * @example
 * sqliteTable("pages_versions", versionsColumns(), (t) => [index("pages_versions_parent").on(t.parentId, t.id)])
 */
export function versionsColumns() {
  return {
    id: integer("id").primaryKey({ autoIncrement: true }),
    parentId: integer("parent_id").notNull(),
    status: text("status").notNull().default("draft"),
    versionData: text("version_data", { mode: "json" }).notNull(),
    createdBy: text("created_by"),
    createdAt: text("created_at").notNull().default(NOW),
  };
}

/**
 * The draft history table every drafts-enabled collection needs, named `<slug>_versions`: one row
 * per version, each a complete publishable snapshot, with the `(parent_id, status, id)` index that
 * "the newest draft of a record" reads. `npx cms-toolkit migrations generate` writes its SQL.
 *
 * @example
 * const postsVersions = versionsTable("posts");
 */
export function versionsTable<const S extends string>(slug: S) {
  return sqliteTable(`${slug}_versions`, versionsColumns(), (table) => [index(`${slug}_versions_parent_status`).on(table.parentId, table.status, table.id)]);
}
