import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

const NOW = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/**
 * Editors of the built-in sign-in. `role` is `editor`, `publisher` or `admin`; `scopes` is the
 * account's JSON scope (src/shared/access-scope.ts), `'{}'` when unscoped.
 */
export const editors = sqliteTable("editors", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  email: text("email").notNull().unique(),
  name: text("name").notNull(),
  role: text("role").notNull(),
  passwordHash: text("password_hash").notNull(),
  scopes: text("scopes").notNull().default("{}"),
  lastActiveAt: text("last_active_at"),
  createdAt: text("created_at").notNull().default(NOW),
});

/** What Drizzle cannot declare of `editors`: addresses compare case-blind, and only known roles exist. */
export const EDITORS_COLUMN_SQL = {
  email: "COLLATE NOCASE",
  role: "CHECK (role IN ('editor', 'publisher', 'admin'))",
} as const;

/**
 * Server-side sign-in sessions: the signed cookie names one row; signing out deletes it, and
 * removing an editor deletes theirs (the cascade), so access ends on the next request.
 */
export const editorSessions = sqliteTable(
  "editor_sessions",
  {
    id: text("id").primaryKey(),
    editorId: integer("editor_id")
      .notNull()
      .references(() => editors.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at").notNull(),
    createdAt: text("created_at").notNull().default(NOW),
  },
  (table) => [index("editor_sessions_editor").on(table.editorId)],
);
