import * as Y from "yjs";
import { COMMENTS_ROOT, type CommentReply, type CommentResolution } from "../../shared/review-comments";

/** A comment thread as the room's document holds it: anchors are Yjs relative positions. */
export interface Thread {
  id: string;
  /** The field in the model's syntax: `title`, `body`, `sections.<entryId>.heading`, `sections.<entryId>`. */
  field: string;
  from: Y.RelativePosition | null;
  to: Y.RelativePosition | null;
  /** The words when the thread was created. */
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
}

const str = (value: unknown): string => (typeof value === "string" ? value : "");
/* An author as stored: text, or a number from when authors were numbers (read as its digits). */
const editorIdOf = (value: unknown): string => (typeof value === "string" ? value : typeof value === "number" && Number.isSafeInteger(value) ? String(value) : "");
const stamp = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);

/* A relative position stored as its encoding; anything else (absent, malformed) is no anchor. */
function position(value: unknown): Y.RelativePosition | null {
  if (!(value instanceof Uint8Array)) return null;
  try {
    return Y.decodeRelativePosition(value);
  } catch {
    return null;
  }
}

function resolution(value: unknown): CommentResolution | null {
  if (!(value instanceof Y.Map) && (value === null || typeof value !== "object")) return null;
  const read = (key: string): unknown => (value instanceof Y.Map ? value.get(key) : (value as Record<string, unknown>)[key]);
  return { by: editorIdOf(read("by")), byName: str(read("byName")), at: str(read("at")) };
}

function reply(value: unknown): CommentReply | null {
  if (!(value instanceof Y.Map)) return null;
  const id = str(value.get("id"));
  if (!id) return null;
  return { id, text: str(value.get("text")), author: editorIdOf(value.get("author")), authorName: str(value.get("authorName")), at: str(value.get("at")), edited: stamp(value.get("edited")) };
}

/**
 * The threads of the room's document (`cms:comments`), read defensively: an entry that is not a
 * map or has no field is skipped, a missing value reads as empty. Order is the map's; the panel
 * puts them in page order.
 *
 * @example
 * readThreads(session.doc) // [{ id: "t1", field: "body", quote: "price", replies: [], ... }]
 */
export function readThreads(doc: Y.Doc): Thread[] {
  const threads: Thread[] = [];
  for (const [id, value] of doc.getMap<unknown>(COMMENTS_ROOT)) {
    if (!(value instanceof Y.Map)) continue;
    const field = str(value.get("field"));
    if (!field) continue;
    const replies = value.get("replies");
    threads.push({
      id,
      field,
      from: position(value.get("from")),
      to: position(value.get("to")),
      quote: str(value.get("quote")),
      text: str(value.get("text")),
      author: editorIdOf(value.get("author")),
      authorName: str(value.get("authorName")),
      at: str(value.get("at")),
      edited: stamp(value.get("edited")),
      resolved: resolution(value.get("resolved")),
      mentions: (Array.isArray(value.get("mentions")) ? (value.get("mentions") as unknown[]) : []).filter((m): m is number => typeof m === "number"),
      replies: replies instanceof Y.Array ? replies.toArray().flatMap((item) => reply(item) ?? []) : [],
    });
  }
  return threads;
}

/**
 * Calls `changed` after any change to the room's threads (a new thread, a reply, a resolve), from
 * any editor; returns the unsubscribe.
 *
 * @example
 * const stop = observeThreads(doc, () => panel.render(readThreads(doc)));
 */
export function observeThreads(doc: Y.Doc, changed: () => void): () => void {
  const map = doc.getMap<unknown>(COMMENTS_ROOT);
  const observer = () => changed();
  map.observeDeep(observer);
  return () => map.unobserveDeep(observer);
}
