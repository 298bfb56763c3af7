import type { D1Client } from "./d1-client";

/** Name of the HttpOnly cookie carrying the D1 bookmark of this browser's last draft write. */
export const D1_BOOKMARK_COOKIE = "cms_d1_bookmark";

/** Where a session's first query goes: the primary, any replica, or a replica at least as new as a bookmark. */
export type D1SessionStart = "first-primary" | "first-unconstrained" | string;

/** A session-capable client: D1's `withSession()` result has `getBookmark()`. */
type BookmarkSource = D1Client & { getBookmark?: () => string | null };

/* D1 bookmarks are hex groups joined by dashes; anything else in the cookie is ignored, not passed on. */
const BOOKMARK = /^[0-9a-f]{1,64}(?:-[0-9a-f]{1,64}){0,7}$/i;
const DEFAULT_MAX_AGE_SECONDS = 60 * 60;

/**
 * Opens a D1 session (`withSession`) when the binding supports it, else returns the binding: with
 * replication off or no session support every query goes to the one database and behaviour is
 * identical. Use `first-primary` for a write whose result must be readable next.
 *
 * @example
 * const db = openD1Session(env.DB, "first-primary");
 * await applySaveDraft(env, deps, session, id, edit, { db });
 */
export function openD1Session(db: D1Database | D1Client, start: D1SessionStart): D1Client {
  const withSession = (db as Partial<D1Database>).withSession;
  return typeof withSession === "function" ? withSession.call(db, start) : db;
}

/**
 * The newest bookmark a session has seen, or `null` (no session support, or nothing run yet).
 *
 * @example
 * const bookmark = d1Bookmark(db); // "0000000e-00000005-00004f8e-…"
 */
export function d1Bookmark(client: D1Client): string | null {
  const getBookmark = (client as BookmarkSource).getBookmark;
  return typeof getBookmark === "function" ? (getBookmark.call(client) ?? null) : null;
}

/**
 * True for a string shaped like a D1 bookmark (hex groups joined by dashes); cookie values that
 * are not are ignored rather than handed to `withSession`.
 *
 * @example
 * isD1Bookmark("0000000e-00000005-00004f8e") // true
 */
export function isD1Bookmark(value: string): boolean {
  return BOOKMARK.test(value);
}

/** Attributes of the bookmark cookie. */
export interface D1BookmarkCookieOptions {
  /** Default `/`. */
  path?: string;
  /** Seconds; default one hour: long enough to reopen a draft, short enough not to pin reads. */
  maxAge?: number;
  /** Default `true`; browsers accept Secure cookies on `http://localhost` too. */
  secure?: boolean;
}

/**
 * The `Set-Cookie` value storing a bookmark in the HttpOnly, SameSite=Lax `cms_d1_bookmark` cookie.
 *
 * @example
 * response.headers.append("set-cookie", serializeD1BookmarkCookie(d1Bookmark(db)!));
 */
export function serializeD1BookmarkCookie(bookmark: string, options: D1BookmarkCookieOptions = {}): string {
  if (!isD1Bookmark(bookmark)) throw new TypeError("not a D1 bookmark");
  const parts = [`${D1_BOOKMARK_COOKIE}=${bookmark}`, `Path=${options.path ?? "/"}`, `Max-Age=${options.maxAge ?? DEFAULT_MAX_AGE_SECONDS}`, "HttpOnly", "SameSite=Lax"];
  if (options.secure ?? true) parts.push("Secure");
  return parts.join("; ");
}

/**
 * The bookmark in a `Cookie` header (or a parsed cookie map), or `null` when absent or malformed.
 *
 * @example
 * readD1BookmarkCookie(request.headers.get("cookie"))
 */
export function readD1BookmarkCookie(cookies: string | null | undefined | Record<string, string | undefined>): string | null {
  let value: string | undefined;
  if (typeof cookies === "string") {
    for (const pair of cookies.split(";")) {
      const eq = pair.indexOf("=");
      if (eq > 0 && pair.slice(0, eq).trim() === D1_BOOKMARK_COOKIE) value = pair.slice(eq + 1).trim();
    }
  } else if (cookies) {
    value = cookies[D1_BOOKMARK_COOKIE];
  }
  return value !== undefined && isD1Bookmark(value) ? value : null;
}

/** A read session anchored at the browser's bookmark, and how to carry it forward. */
export interface ResumeReadSession {
  client: D1Client;
  /** The `Set-Cookie` value with the session's newest bookmark, or `null` when there is none to store. */
  commit(options?: D1BookmarkCookieOptions): string | null;
}

/**
 * Opens the session edit-mode reads run on: anchored at the `cms_d1_bookmark` cookie, so a replica
 * at least as new as this browser's last draft write answers (read-after-write); unconstrained
 * without one. After the reads, `commit()` gives the cookie that keeps this browser's reads
 * moving forward.
 *
 * @example
 * const { client, commit } = resumeReadSession(env.DB, request.headers.get("cookie"));
 * const editable = await loadEditableDocument(client, deps, id);
 * const cookie = commit(); if (cookie) headers.append("set-cookie", cookie);
 */
export function resumeReadSession(
  db: D1Database | D1Client,
  cookies: string | null | undefined | Record<string, string | undefined>,
): ResumeReadSession {
  const client = openD1Session(db, readD1BookmarkCookie(cookies) ?? "first-unconstrained");
  return {
    client,
    commit(options) {
      const bookmark = d1Bookmark(client);
      return bookmark !== null && isD1Bookmark(bookmark) ? serializeD1BookmarkCookie(bookmark, options) : null;
    },
  };
}
