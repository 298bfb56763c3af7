import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { versionsColumns } from "./versions-table";

const NOW = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/*
 * The package's tables of `sql/*.sql` ("cms-toolkit/schema"): routes receive these objects and read
 * column names from them with `tableMeta`. A site (the reference site in src/site among them) uses
 * them or declares its own the same way. They are the source of `sql/` (see ./sql-parts.ts), and
 * migrations/ must end at what they declare (test/sql-parts.test.ts).
 */

/**
 * Fresh builders of the `pages` columns: the table below, and a declaration grown from it (Drizzle
 * builders belong to one table, so each table needs its own).
 *
 * @example
 * sqliteTable("pages", { ...pagesColumns(), summary: text("summary") })
 */
export function pagesColumns() {
  return {
    id: integer("id").primaryKey({ autoIncrement: true }),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    sections: text("sections", { mode: "json" }).notNull().default([]),
    publishedVersionId: integer("published_version_id"),
    createdAt: text("created_at").notNull().default(NOW),
    updatedAt: text("updated_at").notNull().default(NOW),
  };
}

/** The `pages` collection: drafts-enabled, searchable. */
export const pages = sqliteTable("pages", pagesColumns());

/**
 * Draft and publish history of `pages`: every row is a complete publishable snapshot. Besides the
 * index of every versions table, `pages` has kept its first one, on `(parent_id, id)`.
 */
export const pagesVersions = sqliteTable("pages_versions", versionsColumns(), (table) => [
  index("pages_versions_parent").on(table.parentId, table.id),
  index("pages_versions_parent_status").on(table.parentId, table.status, table.id),
]);

/** The fields of `pages` its search table indexes, in FTS5 column order (bm25 weights are positional). */
export const PAGES_SEARCH_FIELDS = ["title", "body", "sections"] as const;

/**
 * Old addresses of renamed pages: a visitor asking for `fromSlug` is sent on, permanently, to
 * `toSlug`. Written by publish when a page's slug changes (chains collapse to the newest address);
 * a page published at `fromSlug` removes its row.
 */
export const pageRedirects = sqliteTable("page_redirects", {
  fromSlug: text("from_slug").primaryKey(),
  toSlug: text("to_slug").notNull(),
  createdAt: text("created_at").notNull().default(NOW),
});
