import { sql } from "drizzle-orm";
import { type AnySQLiteColumn, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
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
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    sections: text("sections", { mode: "json" }).notNull().default([]),
    publishedVersionId: integer("published_version_id"),
    createdAt: text("created_at").notNull().default(NOW),
    updatedAt: text("updated_at").notNull().default(NOW),
    /**
     * The row's language. A literal default, since a table cannot know the site's `defaultLocale`:
     * a site whose default is not `en` sets its rows' locale once in its own migration.
     */
    locale: text("locale").notNull().default("en"),
    /** The row this one translates; null for a source, which is in the default locale. */
    sourceId: integer("source_id"),
  };
}

/**
 * The indexes of a localized collection's table: a slug is unique within its locale (a
 * translation may keep its source's slug), and a source has at most one translation per locale,
 * which is what decides between two writers creating the same translation at once.
 *
 * @example
 * sqliteTable("pages", pagesColumns(), (table) => localizedIndexes("pages", table))
 */
export function localizedIndexes(name: string, table: { locale: AnySQLiteColumn; slug: AnySQLiteColumn; sourceId: AnySQLiteColumn }) {
  return [uniqueIndex(`${name}_locale_slug`).on(table.locale, table.slug), uniqueIndex(`${name}_source_locale`).on(table.sourceId, table.locale)];
}

/** The `pages` collection: drafts-enabled, searchable, translatable. */
export const pages = sqliteTable("pages", pagesColumns(), (table) => localizedIndexes("pages", table));

/**
 * Draft and publish history of `pages`: every row is a complete publishable snapshot. Besides the
 * index of every versions table, `pages` has kept its first one, on `(parent_id, id)`. A
 * translation's version names the source version it was made from (`source_version_id`).
 */
export const pagesVersions = sqliteTable("pages_versions", { ...versionsColumns(), sourceVersionId: integer("source_version_id") }, (table) => [
  index("pages_versions_parent").on(table.parentId, table.id),
  index("pages_versions_parent_status").on(table.parentId, table.status, table.id),
]);

/** The fields of `pages` its search table indexes, in FTS5 column order (bm25 weights are positional). */
export const PAGES_SEARCH_FIELDS = ["title", "body", "sections"] as const;

/**
 * Old addresses of renamed pages: a visitor asking for `fromSlug` in `locale` is sent on,
 * permanently, to `toSlug` in the same locale. Written by publish when a page's slug changes
 * (chains collapse to the newest address); a page published at `fromSlug` in that locale removes
 * its row. An old address is unique within its locale (a German page's rename never moves an
 * English address), so the table has no key column of its own.
 */
export const pageRedirects = sqliteTable(
  "page_redirects",
  {
    fromSlug: text("from_slug").notNull(),
    toSlug: text("to_slug").notNull(),
    createdAt: text("created_at").notNull().default(NOW),
    /** The locale of the page that left `fromSlug`; `en` for the redirects made before languages. */
    locale: text("locale").notNull().default("en"),
  },
  (table) => [uniqueIndex("page_redirects_locale_from").on(table.locale, table.fromSlug)],
);
