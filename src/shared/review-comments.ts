/*
 * Comment threads of a page, as the room's document holds them and as REST answers them
 * (docs/room-protocol.md, "Review: comments and suggestions"). Shared by the room, the routes and
 * the browser client, so the names and bounds are written once.
 */

/** The root map of the room's document holding the page's comment threads: only the room writes it. */
export const COMMENTS_ROOT = "cms:comments";

/** Longest comment or reply text, in characters (UTF-16 code units, as `String.length` counts). */
export const MAX_COMMENT_TEXT = 5_000;

/** Most people one comment or reply may mention. */
export const MAX_MENTIONS = 20;

const THREAD_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Whether `value` can be a thread's or a reply's id: 1 to 64 letters, digits, `_` or `-`.
 *
 * @example
 * isCommentId("c_k3v9q0x2") // true
 */
export function isCommentId(value: unknown): value is string {
  return typeof value === "string" && THREAD_ID.test(value);
}

/** Who resolved a thread, and when. */
export interface CommentResolution {
  /** The editor's id (`EditorSession.id`). */
  by: string;
  byName: string;
  at: string;
}

/** One reply of a thread. */
export interface CommentReply {
  id: string;
  text: string;
  /** The editor's id (`EditorSession.id`). */
  author: string;
  authorName: string;
  at: string;
  edited: string | null;
}

/**
 * One thread as `GET …/comments` answers it: `quote` is the anchored text as it reads now ("" once
 * its words are deleted), `from`/`to` its character offsets now (`null` then, and for a thread on
 * a whole section).
 */
export interface CommentThread {
  id: string;
  field: string;
  quote: string;
  text: string;
  /** The editor's id (`EditorSession.id`). */
  author: string;
  authorName: string;
  at: string;
  edited: string | null;
  resolved: CommentResolution | null;
  mentions: number[];
  replies: CommentReply[];
  from: number | null;
  to: number | null;
}
