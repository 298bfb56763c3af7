import * as Y from "yjs";
import { deleteRecordCommentsStatement, readRecordComments, type CommentRow } from "../cores/comments";
import { isHttpError } from "../shared/errors";
import { COMMENTS_ROOT } from "../shared/review-comments";
import { anchorTarget, makeAnchors, targetText } from "./room-anchors";
import type { RoomField } from "./room-document";

/*
 * D1's copy of a record's threads on the room's side: anchored again into a room whose storage was
 * empty, and deleted with the record. The live threads and their writes: `room-comments.ts`.
 */

/**
 * Puts D1's threads of a record into a document that has none (a room whose storage was empty: a
 * fresh deploy, an import): each thread's offsets become new anchors when the words there are still
 * its quote; otherwise it is kept without anchors (its words read as deleted). Written under
 * `origin` (the room's load), so the caller stores them with the seeded document.
 *
 * @example
 * anchorStoredThreads(doc, fields, await readRecordComments(env.DB, "pages", 12), LOAD);
 */
export function anchorStoredThreads(doc: Y.Doc, fields: readonly RoomField[], rows: readonly CommentRow[], origin: unknown): void {
  if (rows.length === 0) return;
  const root = doc.getMap<unknown>(COMMENTS_ROOT);
  doc.transact(() => {
    const threads = new Map<string, Y.Map<unknown>>();
    for (const row of rows) {
      if (row.parent !== null) {
        const replies = threads.get(row.parent)?.get("replies");
        if (!(replies instanceof Y.Array)) continue;
        const reply = new Y.Map<unknown>();
        for (const [key, value] of Object.entries({ id: row.id, text: row.text, author: row.author, authorName: row.authorName, at: row.at, edited: row.edited })) reply.set(key, value);
        replies.push([reply]);
        continue;
      }
      const thread = new Y.Map<unknown>();
      const anchors = storedAnchors(doc, fields, row);
      if (anchors) {
        thread.set("from", anchors.from);
        thread.set("to", anchors.to);
      }
      const values = { field: row.field, quote: row.quote, text: row.text, author: row.author, authorName: row.authorName, at: row.at, edited: row.edited, resolved: parseJson(row.resolved), mentions: parseJson(row.mentions) ?? [] };
      for (const [key, value] of Object.entries(values)) thread.set(key, value);
      thread.set("replies", new Y.Array<Y.Map<unknown>>());
      root.set(row.id, thread);
      threads.set(row.id, thread);
    }
  }, origin);
}

/**
 * {@link anchorStoredThreads} from D1, for a room seeded from D1; a site without the
 * `review_comments` table (sql/comments.sql) has no threads to anchor.
 *
 * @example
 * await seedStoredThreads(env.DB, doc, fields, "pages", 12, LOAD);
 */
export async function seedStoredThreads(db: D1Database, doc: Y.Doc, fields: readonly RoomField[], collection: string, id: number, origin: unknown): Promise<void> {
  const table = await db.prepare("SELECT 1 AS present FROM sqlite_master WHERE type = 'table' AND name = 'review_comments'").first<{ present: number }>();
  if (!table) return;
  anchorStoredThreads(doc, fields, await readRecordComments(db, collection, id), origin);
}

/**
 * Deletes D1's copy of a deleted record's threads (a site without the table has none).
 *
 * @example
 * await forgetRecordComments(env.DB, "pages", 12);
 */
export async function forgetRecordComments(db: D1Database, collection: string, id: number): Promise<void> {
  const table = await db.prepare("SELECT 1 AS present FROM sqlite_master WHERE type = 'table' AND name = 'review_comments'").first<{ present: number }>();
  if (table) await deleteRecordCommentsStatement(db, collection, id).run();
}

function storedAnchors(doc: Y.Doc, fields: readonly RoomField[], row: CommentRow): { from: Uint8Array; to: Uint8Array } | null {
  if (row.fromOffset === null || row.toOffset === null || row.quote === "") return null;
  try {
    const target = anchorTarget(doc, fields, row.field);
    if (targetText(target).slice(row.fromOffset, row.toOffset) !== row.quote) return null;
    return makeAnchors(target, row.fromOffset, row.toOffset);
  } catch (error) {
    if (isHttpError(error)) return null;
    throw error;
  }
}

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
