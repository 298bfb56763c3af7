import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Share links of drafts: one row per link a publisher made. The token is never stored: it is the
 * row's `id` and an HMAC of it under a key derived from `CMS_SESSION_SECRET`, so a copy of the
 * table alone opens nothing. Times are Unix seconds; a revoked link keeps its row (`revoked_at`).
 */
export const shareLinks = sqliteTable(
  "share_links",
  {
    id: text("id").primaryKey(),
    collection: text("collection").notNull(),
    recordId: integer("record_id").notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    revokedAt: integer("revoked_at"),
  },
  (table) => [index("share_links_record").on(table.collection, table.recordId)],
);
