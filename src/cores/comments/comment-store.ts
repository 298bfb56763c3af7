import type { CommentThread } from "../../shared/review-comments";

/** One row of `review_comments` as the room writes and reads it. */
export interface CommentRow {
  id: string;
  parent: string | null;
  field: string;
  quote: string;
  fromOffset: number | null;
  toOffset: number | null;
  text: string;
  /** The editor's id (`EditorSession.id`). */
  author: string;
  authorName: string;
  at: string;
  edited: string | null;
  resolved: string | null;
  mentions: string;
}

const COLUMNS = "id, collection, record_id, parent, field, quote, from_offset, to_offset, text, author, author_name, at, edited, resolved, mentions";

/**
 * The rows of a record's threads as they read now: one per thread, then one per reply.
 *
 * @example
 * threadRows([thread]) // [{ id: "c1", parent: null, … }, { id: "r1", parent: "c1", … }]
 */
export function threadRows(threads: readonly CommentThread[]): CommentRow[] {
  return threads.flatMap((thread) => [
    {
      id: thread.id,
      parent: null,
      field: thread.field,
      quote: thread.quote,
      fromOffset: thread.from,
      toOffset: thread.to,
      text: thread.text,
      author: thread.author,
      authorName: thread.authorName,
      at: thread.at,
      edited: thread.edited,
      resolved: thread.resolved ? JSON.stringify(thread.resolved) : null,
      mentions: JSON.stringify(thread.mentions),
    },
    ...thread.replies.map((reply) => ({
      id: reply.id,
      parent: thread.id,
      field: thread.field,
      quote: "",
      fromOffset: null,
      toOffset: null,
      text: reply.text,
      author: reply.author,
      authorName: reply.authorName,
      at: reply.at,
      edited: reply.edited,
      resolved: null,
      mentions: "[]",
    })),
  ]);
}

/**
 * Makes D1's copy of a record's threads exactly `rows`, in one batch (a reader never sees half).
 *
 * @example
 * await writeRecordComments(env.DB, "pages", 12, threadRows(threads));
 */
export async function writeRecordComments(db: D1Database, collection: string, recordId: number, rows: readonly CommentRow[]): Promise<void> {
  const insert = db.prepare(`INSERT INTO review_comments (${COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)`);
  await db.batch([
    deleteStatement(db, collection, recordId),
    ...rows.map((r) => insert.bind(r.id, collection, recordId, r.parent, r.field, r.quote, r.fromOffset, r.toOffset, r.text, r.author, r.authorName, r.at, r.edited, r.resolved, r.mentions)),
  ]);
}

/**
 * D1's copy of a record's threads and replies, threads first, each in the order it was written.
 *
 * @example
 * const rows = await readRecordComments(env.DB, "pages", 12);
 */
export async function readRecordComments(db: D1Database, collection: string, recordId: number): Promise<CommentRow[]> {
  const { results } = await db
    .prepare(
      `SELECT id, parent, field, quote, from_offset AS fromOffset, to_offset AS toOffset, text, author, author_name AS authorName, at, edited, resolved, mentions
       FROM review_comments WHERE collection = ?1 AND record_id = ?2 ORDER BY parent IS NOT NULL, at, id`,
    )
    .bind(collection, recordId)
    .all<CommentRow>();
  return results;
}

/**
 * The statement that deletes a record's threads, for the batch that deletes the record.
 *
 * @example
 * await db.batch([deleteRow, deleteRecordCommentsStatement(db, "pages", 12)]);
 */
export function deleteStatement(db: D1Database, collection: string, recordId: number): D1PreparedStatement {
  return db.prepare("DELETE FROM review_comments WHERE collection = ?1 AND record_id = ?2").bind(collection, recordId);
}
