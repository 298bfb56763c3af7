import type { Table } from "drizzle-orm";
import { HttpError } from "../../shared/errors";
import type { D1Client } from "../d1-client";
import { ident, tableMeta } from "../table-meta";
import { newShareLinkId, signShareToken, verifyShareToken } from "./share-token";

/** How long a share link lasts: 7 days unless asked; at least 2 seconds, at most 30 days. */
export const SHARE_LINK_EXPIRY = { defaultSeconds: 7 * 24 * 60 * 60, minSeconds: 2, maxSeconds: 30 * 24 * 60 * 60 } as const;

/** How many open links one list answers at most (newest first). */
export const MAX_LISTED_SHARE_LINKS = 100;

/** One share link as the API shows it; times are ISO 8601. */
export interface ShareLink {
  id: string;
  collection: string;
  recordId: number;
  createdBy: string;
  createdAt: string;
  expiresAt: string;
  /** The link's token (`<id>.<mac>`), recomputed from the id: only a publisher ever sees it. */
  token: string;
}

/** What a share link opens: a record of a collection. */
export interface SharedRecord {
  collection: string;
  recordId: number;
}

interface Row {
  id: string;
  collection: string;
  recordId: number;
  createdBy: string;
  createdAt: number;
  expiresAt: number;
  revokedAt: number | null;
}

/**
 * The share-link store over a site's `share_links` table (`src/tables/share-links.ts`). `key` is
 * `shareLinkKey(env.CMS_SESSION_SECRET)`; `now` is Unix seconds, injected so expiry is testable.
 * Who may call which is the route's business (publishers only); opening a token needs no session.
 *
 * @example
 * const links = shareLinkStore(env.DB, shareLinks, key);
 * const link = await links.create({ collection: "pages", recordId: 2, createdBy: "1" }, now);
 */
export function shareLinkStore(db: D1Client, table: Table, key: string) {
  const meta = tableMeta(table);
  const col = (property: keyof Row) => ident(meta.columns[property]!.name);
  const from = `FROM ${ident(meta.name)}`;
  const asLink = async (row: Row): Promise<ShareLink> => ({
    id: row.id,
    collection: row.collection,
    recordId: row.recordId,
    createdBy: row.createdBy,
    createdAt: new Date(row.createdAt * 1000).toISOString(),
    expiresAt: new Date(row.expiresAt * 1000).toISOString(),
    token: await signShareToken(key, row.id),
  });
  return {
    /** Makes a link to `record`, open for `expiresInSeconds` (default 7 days). */
    async create(input: SharedRecord & { createdBy: string; expiresInSeconds?: number }, now: number): Promise<ShareLink> {
      const row: Row = {
        id: newShareLinkId(),
        collection: input.collection,
        recordId: input.recordId,
        createdBy: input.createdBy,
        createdAt: now,
        expiresAt: now + (input.expiresInSeconds ?? SHARE_LINK_EXPIRY.defaultSeconds),
        revokedAt: null,
      };
      await db
        .prepare(`INSERT INTO ${ident(meta.name)} (${(["id", "collection", "recordId", "createdBy", "createdAt", "expiresAt"] as const).map(col).join(", ")}) VALUES (?1, ?2, ?3, ?4, ?5, ?6)`)
        .bind(row.id, row.collection, row.recordId, row.createdBy, row.createdAt, row.expiresAt)
        .run();
      return asLink(row);
    },

    /** Open links (not revoked, not expired), newest first; of one record when `record` is given. */
    async listOpen(now: number, record?: SharedRecord): Promise<ShareLink[]> {
      const where = `${col("revokedAt")} IS NULL AND ${col("expiresAt")} > ?1${record ? ` AND ${col("collection")} = ?2 AND ${col("recordId")} = ?3` : ""}`;
      const binds = record ? [now, record.collection, record.recordId] : [now];
      const { results } = await db
        .prepare(`SELECT ${meta.selectList} ${from} WHERE ${where} ORDER BY ${col("createdAt")} DESC, ${col("id")} LIMIT ${MAX_LISTED_SHARE_LINKS}`)
        .bind(...binds)
        .all<Row>();
      return Promise.all(results.map(asLink));
    },

    /** Revokes an open link; 404 when there is no open link with that id. */
    async revoke(id: string, now: number): Promise<void> {
      const result = await db
        .prepare(`UPDATE ${ident(meta.name)} SET ${col("revokedAt")} = ?2 WHERE ${col("id")} = ?1 AND ${col("revokedAt")} IS NULL AND ${col("expiresAt")} > ?2`)
        .bind(id, now)
        .run();
      if (result.meta.changes === 0) throw new HttpError(404, "no open share link with that id", { code: "not_found" });
    },

    /**
     * What a token opens. 404 `not_found` for a malformed or forged token (checked before any
     * read) or an unknown link; 410 `revoked` or `expired` for a link that no longer opens.
     */
    async open(token: string, now: number): Promise<SharedRecord> {
      const id = await verifyShareToken(key, token);
      const row = id ? await db.prepare(`SELECT ${meta.selectList} ${from} WHERE ${col("id")} = ?1`).bind(id).first<Row>() : null;
      if (!row) throw new HttpError(404, "this share link does not exist", { code: "not_found" });
      if (row.revokedAt !== null) throw new HttpError(410, "this share link was revoked", { code: "revoked" });
      if (row.expiresAt <= now) throw new HttpError(410, "this share link has expired", { code: "expired" });
      return { collection: row.collection, recordId: row.recordId };
    },
  };
}

/** The store `shareLinkStore` returns. */
export type ShareLinkStore = ReturnType<typeof shareLinkStore>;

/**
 * Reads a create body: `{ collection?: string, id: integer, expiresInSeconds?: integer }`, the
 * collection defaulting to `defaultCollection`. 400 `invalid_input` for anything else.
 *
 * @example
 * parseShareLinkInput({ id: 2, expiresInSeconds: 3600 }, "pages") // { collection: "pages", recordId: 2, expiresInSeconds: 3600 }
 */
export function parseShareLinkInput(body: Record<string, unknown>, defaultCollection: string): SharedRecord & { expiresInSeconds: number } {
  const bad = (message: string) => new HttpError(400, message, { code: "invalid_input" });
  const collection = body.collection ?? defaultCollection;
  if (typeof collection !== "string" || collection === "") throw bad("collection must be a collection's name");
  const recordId = body.id;
  if (typeof recordId !== "number" || !Number.isSafeInteger(recordId) || recordId < 1) throw bad("id must be a positive integer (the page's id)");
  const expires = body.expiresInSeconds ?? SHARE_LINK_EXPIRY.defaultSeconds;
  const { minSeconds, maxSeconds } = SHARE_LINK_EXPIRY;
  if (typeof expires !== "number" || !Number.isSafeInteger(expires) || expires < minSeconds || expires > maxSeconds) {
    throw bad(`expiresInSeconds must be a whole number of seconds from ${minSeconds} to ${maxSeconds} (30 days)`);
  }
  return { collection, recordId, expiresInSeconds: expires };
}
