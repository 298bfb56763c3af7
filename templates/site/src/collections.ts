import { integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
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

/* A typed collection: each field gets the editor its type asks for (docs/recipes.md, "typed fields"). */
const products = sqliteTable("products", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  price: real("price"),
  category: text("category"),
  available: text("available"),
  image: text("image", { mode: "json" }),
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
  products: cmsCollection(products, {
    versionsTable: versionsTable("products"),
    fields: {
      slug: { type: "slug", required: true },
      name: { type: "text", required: true, maxLength: 120 },
      price: { type: "number", min: 0, unit: "EUR" },
      category: {
        type: "select",
        options: [
          { value: "tea", label: "Tea" },
          { value: "cups", label: "Cups" },
        ],
      },
      available: { type: "date" },
      image: { type: "image" },
    },
    drafts: true,
    inline: { name: "text", slug: "slug", price: "number", category: "select", available: "date", image: "image" },
  }),
};
