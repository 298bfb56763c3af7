import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

const NOW = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/**
 * The shared submissions table: one row per stored submission of any form without its own table.
 * Review lists read one form newest first, hence the `(form, id)` index.
 */
export const submissions = sqliteTable(
  "submissions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    form: text("form").notNull(),
    data: text("data", { mode: "json" }).notNull(),
    createdAt: text("created_at").notNull().default(NOW),
  },
  (table) => [index("submissions_form").on(table.form, table.id)],
);

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

/**
 * Used form timing tokens: a token is good for one stored submission within two hours; rows past
 * that age (`expires_at`, Unix seconds) are deleted whenever a new token is claimed.
 */
export const formTokens = sqliteTable(
  "form_tokens",
  {
    id: text("id").primaryKey(),
    form: text("form").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (table) => [index("form_tokens_expiry").on(table.expiresAt)],
);
