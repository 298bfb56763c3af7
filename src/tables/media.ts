import { sql } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

const NOW = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/** Media registry: one row per uploaded object in `MEDIA`; only `alt` and `caption` change after upload. */
export const media = sqliteTable("media", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  key: text("key").notNull().unique(),
  contentType: text("content_type").notNull(),
  size: integer("size").notNull(),
  width: integer("width"),
  height: integer("height"),
  alt: text("alt").notNull().default(""),
  caption: text("caption").notNull().default(""),
  scope: text("scope"),
  uploadedBy: text("uploaded_by"),
  createdAt: text("created_at").notNull().default(NOW),
  /** The upload's original file name (shown and searched in the library); "" when none was given. */
  name: text("name").notNull().default(""),
});

/** What Drizzle cannot declare of the settings tables: one row, id 1, so a second row is impossible rather than merely unused. */
export const SINGLETON_COLUMN_SQL = { id: "CHECK (id = 1)" } as const;

/** The settings singleton (row id 1): structured base columns plus site-declared keys in `custom`. */
export const siteSettings = sqliteTable("site_settings", {
  id: integer("id").primaryKey(),
  siteName: text("site_name"),
  tagline: text("tagline"),
  logo: text("logo"),
  favicon: text("favicon"),
  shareImage: text("share_image"),
  contactEmail: text("contact_email"),
  custom: text("custom", { mode: "json" }).notNull().default({}),
  updatedAt: text("updated_at").notNull().default(NOW),
});

/** The blob variant of the settings singleton: all config in one JSON column. */
export const siteSettingsBlob = sqliteTable("site_settings_blob", {
  id: integer("id").primaryKey(),
  data: text("data", { mode: "json" }).notNull().default({}),
  updatedAt: text("updated_at").notNull().default(NOW),
});
