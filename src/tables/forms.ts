import { sql } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

const NOW = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/* The package's form tables (sql/); keep in step with migrations/0004_forms.sql and 0009_inquiry_read.sql. */

/** The shared submissions table: one row per stored submission of any form without its own table. */
export const submissions = sqliteTable("submissions", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  form: text("form").notNull(),
  data: text("data", { mode: "json" }).notNull(),
  createdAt: text("created_at").notNull().default(NOW),
});

/** Messages from the `contact` form. */
export const inquiries = sqliteTable("inquiries", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  email: text("email").notNull(),
  message: text("message").notNull(),
  createdAt: text("created_at").notNull().default(NOW),
  /** When an editor marked it read; null while unread. */
  readAt: text("read_at"),
});
