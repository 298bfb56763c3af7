import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { editors } from "./editors";

const NOW = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/**
 * An account's TOTP authenticator. `secret` is sealed (AES-GCM under a key derived from
 * `CMS_SESSION_SECRET`, bound to the editor id), never the plain base32; `enabled_at` (Unix
 * seconds) is null while the account has begun but not confirmed; `last_step` is the last accepted
 * time step, so a code is never accepted twice. Removing the editor removes it.
 */
export const editorTotp = sqliteTable("editor_totp", {
  editorId: integer("editor_id")
    .primaryKey()
    .references(() => editors.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  enabledAt: integer("enabled_at"),
  lastStep: integer("last_step").notNull().default(0),
  createdAt: text("created_at").notNull().default(NOW),
});

/**
 * One-time recovery codes, stored as SHA-256 hex of the code (each has 50 random bits, so a plain
 * digest is enough); using one deletes its row.
 */
export const editorRecoveryCodes = sqliteTable(
  "editor_recovery_codes",
  {
    codeHash: text("code_hash").primaryKey(),
    editorId: integer("editor_id")
      .notNull()
      .references(() => editors.id, { onDelete: "cascade" }),
    createdAt: text("created_at").notNull().default(NOW),
  },
  (table) => [index("editor_recovery_codes_editor").on(table.editorId)],
);
