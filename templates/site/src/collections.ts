import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { cmsCollection, versionsTable } from "cms-toolkit";

/*
 * The site's content, declared once. This module imports nothing that needs workerd, so the CLI can
 * read it: after a change, `npm run migrations` writes the SQL that makes these tables (the next
 * numbered file in migrations/), and `npm run dev` refuses to start while the database disagrees.
 */

const pages = sqliteTable("pages", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  title: text("title").notNull(),
  body: text("body").notNull().default(""),
  publishedVersionId: integer("published_version_id"),
});

/** Every collection of the site, as `createCms` takes them. */
export const collections = {
  pages: cmsCollection(pages, {
    versionsTable: versionsTable("pages"),
    fields: { title: { type: "text", required: true, maxLength: 200 }, body: { type: "richtext" } },
    drafts: true,
    search: ["title", "body"],
    inline: { title: "text", body: "richtext" },
  }),
};
