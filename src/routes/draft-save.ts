import type { Table } from "drizzle-orm";
import type { CollectionConfig } from "../cores/collection";
import type { D1Client } from "../cores/d1-client";
import { d1Bookmark, isD1Bookmark, openD1Session, serializeD1BookmarkCookie } from "../cores/d1-session";
import { saveDraftRequest, type ActivityTarget, type DraftDeps, type DraftWriter } from "../cores/drafts";
import type { RedirectsConfig } from "../cores/pages/redirects";
import type { EditorSession } from "../shared/session";
import { json } from "./json";
import { versionEtag } from "../shared/write-input";

/** What a route needs to build the draft deps of one request. */
export interface DraftRouteDeps<Env> {
  table: Table;
  versionsTable: Table;
  config: CollectionConfig;
  mediaBase?: string | ((env: Env) => string | undefined);
  /** Where publish keeps a renamed record's old address. */
  redirects?: RedirectsConfig;
  /** The route's extra validation, given the env and session the cores do not know. */
  validate?: (snapshot: Record<string, unknown>, ctx: { operation: "draft" | "publish"; env: Env; session: EditorSession }) => void | Promise<void>;
}

/**
 * The draft deps of one request: the route's tables, collection, media base and `validate` bound
 * to this env and session. `versionsRoute` and `pagesRoute` (PATCH of a versioned page) build
 * them only for the direct writer, when no writer was handed in (a room has its own).
 *
 * @example
 * const deps = draftDepsFor(config, env, session);
 */
export function draftDepsFor<Env>(config: DraftRouteDeps<Env>, env: Env, session: EditorSession): DraftDeps {
  const mediaBase = typeof config.mediaBase === "function" ? config.mediaBase(env) : config.mediaBase;
  const validate = config.validate;
  return {
    table: config.table,
    versionsTable: config.versionsTable,
    config: config.config,
    ...(mediaBase ? { mediaBase } : {}),
    ...(config.redirects ? { redirects: config.redirects } : {}),
    ...(validate ? { validate: (snapshot, ctx) => validate(snapshot, { ...ctx, env, session }) } : {}),
  };
}

/**
 * Saves a draft the way `POST …/:id/versions` answers it: through `writer` on a first-primary D1
 * session, 201 with `{ versionId, snapshot, conflicts? }`, the new version's `ETag` and the
 * read-after-write bookmark cookie. The base (`If-Match`, or `baseVersionId` in the body) is
 * parsed by `saveDraftRequest`.
 *
 * @example
 * return saveDraftResponse(writer, env, config.config, session, id, { edit: await readJsonObject(request), ifMatch: request.headers.get("if-match") });
 */
export async function saveDraftResponse(
  writer: DraftWriter,
  env: { DB: D1Database },
  collection: CollectionConfig,
  session: EditorSession,
  id: number,
  input: { edit: Record<string, unknown>; ifMatch: string | null; activity?: ActivityTarget },
): Promise<Response> {
  const db = openD1Session(env.DB, "first-primary");
  const saved = await saveDraftRequest(writer, collection, session, id, { ...input, db });
  return withBookmark(json(saved, { status: 201, headers: { etag: versionEtag(saved.versionId) } }), await bookmarkCookie(db));
}

/**
 * The `cms_d1_bookmark` cookie for the writes made on `db`, or `null` without replication. A write
 * made in the page's room used the room's own session, so `db` has not queried yet: one read on a
 * first-primary session then yields a bookmark at or after that write.
 *
 * @example
 * withBookmark(json(result), await bookmarkCookie(db));
 */
export async function bookmarkCookie(db: D1Client): Promise<string | null> {
  if (d1Bookmark(db) === null) await db.prepare("SELECT 1").first();
  return seenBookmarkCookie(db);
}

/**
 * The `cms_d1_bookmark` cookie for what `db` has already read or written, or `null` (no
 * replication, or nothing run on it): no query of its own.
 *
 * @example
 * withBookmark(json(list), seenBookmarkCookie(db));
 */
export function seenBookmarkCookie(db: D1Client): string | null {
  const bookmark = d1Bookmark(db);
  return bookmark !== null && isD1Bookmark(bookmark) ? serializeD1BookmarkCookie(bookmark) : null;
}

/**
 * Appends a bookmark cookie (when there is one) to `response`.
 *
 * @example
 * return withBookmark(json(published), await bookmarkCookie(db));
 */
export function withBookmark(response: Response, cookie: string | null): Response {
  if (cookie) response.headers.append("set-cookie", cookie);
  return response;
}
