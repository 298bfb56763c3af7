import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { editors } from "./editors";

/**
 * Invite and password-reset links of the built-in sign-in (the Team panel). The token is never
 * stored: `token_hash` is an HMAC of it under `CMS_SESSION_SECRET`, so a copy of the table opens
 * nothing. An invite carries the account it will make (email, name, role, scopes); a reset names
 * its account (`editor_id`, removed with it). `used_at` makes a link single-use. Times are Unix seconds.
 */
export const teamLinks = sqliteTable(
  "team_links",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tokenHash: text("token_hash").notNull().unique(),
    kind: text("kind").notNull(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    role: text("role").notNull(),
    scopes: text("scopes").notNull().default("{}"),
    editorId: integer("editor_id").references(() => editors.id, { onDelete: "cascade" }),
    createdBy: text("created_by").notNull(),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
  },
  (table) => [index("team_links_email").on(table.email)],
);

/** What Drizzle cannot declare of `team_links`: addresses compare case-blind, and only known kinds and roles exist. */
export const TEAM_LINKS_COLUMN_SQL = {
  kind: "CHECK (kind IN ('invite', 'reset'))",
  email: "COLLATE NOCASE",
  role: "CHECK (role IN ('editor', 'publisher', 'admin'))",
} as const;
