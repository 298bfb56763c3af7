import * as Y from "yjs";
import { concatBytes } from "../shared/bytes";

/**
 * Largest blob one row holds. DO SQLite refuses rows over 2 MB, so a compacted document bigger
 * than this is written as several `chunk` rows that are concatenated again on load.
 */
export const MAX_CHUNK_BYTES = 512 * 1024;

type UpdateRow = { kind: string; data: ArrayBuffer };

/**
 * The room's own SQLite storage: the Yjs state (a compacted snapshot split into `chunk` rows, then
 * every accepted `update` since, in order), a small key/value `meta` table and the `timers` the
 * single DO alarm multiplexes. Every method is synchronous: `ctx.storage.sql` writes are covered
 * by the output gate, so nothing the room sends after a write (the update's broadcast, a sync
 * reply) leaves the object before the write is durable. That is what "persisted before
 * acknowledged" rests on.
 *
 * @example
 * const store = new RoomStore(ctx.storage);
 * store.loadInto(doc); store.append([update], doc);
 */
export class RoomStore {
  readonly #storage: DurableObjectStorage;
  #storedBytes = 0;
  #rows = 0;
  /** Size of the state as last compacted or measured: the yardstick of the 2× rule. */
  #compactedBytes = 0;
  /** Bytes appended since the yardstick was last measured. */
  #sinceMeasure = 0;
  /** Rows holding the compacted snapshot (the rest are updates appended since). */
  #snapshotRows = 0;

  constructor(storage: DurableObjectStorage) {
    this.#storage = storage;
    const sql = storage.sql;
    // `seq` is the rowid, one above the highest: without AUTOINCREMENT's sequence table an append
    // writes one B-tree, not two. Numbers start again after a compaction deletes every row, which
    // keeps the order, since a compaction writes its snapshot before any later update. (Rooms made
    // before keep their AUTOINCREMENT table; both orders are the same.)
    sql.exec("CREATE TABLE IF NOT EXISTS room_updates (seq INTEGER PRIMARY KEY, kind TEXT NOT NULL, data BLOB NOT NULL)");
    sql.exec("CREATE TABLE IF NOT EXISTS room_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)");
    sql.exec("CREATE TABLE IF NOT EXISTS room_timers (kind TEXT PRIMARY KEY, at INTEGER NOT NULL, data TEXT)");
  }

  /**
   * True when `storage` holds a room's tables. Read without creating them, so a room that turns out
   * to have no record (never had one, or forgot it at a delete) leaves nothing behind.
   */
  static exists(storage: DurableObjectStorage): boolean {
    return storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'room_updates'").one().n > 0;
  }

  /** True when a Yjs state has been stored (the room was seeded before). */
  hasState(): boolean {
    return this.#storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM room_updates").one().n > 0;
  }

  /**
   * Applies the stored state to `doc` as one transaction with `origin`. Throws when a stored row
   * does not decode: the caller must then refuse to serve rather than start from an empty document.
   */
  loadInto(doc: Y.Doc, origin: unknown): void {
    const rows = this.#storage.sql.exec<UpdateRow>("SELECT kind, data FROM room_updates ORDER BY seq").toArray();
    const chunks = rows.filter((row) => row.kind === "chunk").map((row) => new Uint8Array(row.data));
    const updates = rows.filter((row) => row.kind === "update").map((row) => new Uint8Array(row.data));
    // Decode everything before touching the document, so a corrupt row leaves it untouched.
    const snapshot = concatBytes(chunks);
    if (snapshot.byteLength > 0) Y.decodeUpdate(snapshot);
    for (const update of updates) Y.decodeUpdate(update);
    Y.transact(doc, () => {
      if (snapshot.byteLength > 0) Y.applyUpdate(doc, snapshot);
      for (const update of updates) Y.applyUpdate(doc, update);
    }, origin);
    this.#rows = rows.length;
    this.#storedBytes = rows.reduce((sum, row) => sum + row.data.byteLength, 0);
    this.#compactedBytes = snapshot.byteLength;
    this.#snapshotRows = chunks.length;
  }

  /**
   * Appends one commit's accepted updates, in order, in one statement (a multi-row insert, split
   * only past {@link MAX_ROWS_PER_INSERT}); compacts when the stored bytes pass twice the compacted
   * state. A document can shrink after a compaction (a large paste deleted again), which would
   * leave the yardstick stale, so the real size is measured again once a quarter of it has been
   * appended: one encode per quarter-document of updates keeps the cost linear.
   */
  append(updates: readonly Uint8Array[], doc: Y.Doc): void {
    let bytes = 0;
    for (const update of updates) {
      // One update can outgrow a row (the room merges held-back updates into one as they
      // integrate); `doc` already holds every update of the commit, so the chunked snapshot stores
      // them whole.
      if (update.byteLength > MAX_CHUNK_BYTES) return this.compact(doc);
      bytes += update.byteLength;
    }
    for (let start = 0; start < updates.length; start += MAX_ROWS_PER_INSERT) {
      const rows = updates.slice(start, start + MAX_ROWS_PER_INSERT);
      this.#storage.sql.exec(insertOf(rows.length), ...rows.map(toBuffer));
    }
    this.#rows += updates.length;
    this.#storedBytes += bytes;
    this.#sinceMeasure += bytes;
    if (this.#sinceMeasure * 4 >= this.#compactedBytes) {
      this.#sinceMeasure = 0;
      this.#compactedBytes = Y.encodeStateAsUpdate(doc).byteLength;
    }
    if (this.#storedBytes > 2 * Math.max(this.#compactedBytes, 1)) this.compact(doc);
  }

  /** Replaces every stored row with the document's current state, in one transaction. */
  compact(doc: Y.Doc): void {
    const state = Y.encodeStateAsUpdate(doc);
    this.#storage.transactionSync(() => {
      this.#storage.sql.exec("DELETE FROM room_updates");
      for (let i = 0; i < chunkCount(state.byteLength); i++) {
        const chunk = state.subarray(i * MAX_CHUNK_BYTES, (i + 1) * MAX_CHUNK_BYTES);
        this.#storage.sql.exec("INSERT INTO room_updates (kind, data) VALUES ('chunk', ?)", toBuffer(chunk));
      }
    });
    this.#rows = chunkCount(state.byteLength);
    this.#storedBytes = state.byteLength;
    this.#compactedBytes = state.byteLength;
    this.#sinceMeasure = 0;
    this.#snapshotRows = this.#rows;
  }

  /** True when rows beyond the compacted snapshot exist (a compaction would shrink storage). */
  hasLog(): boolean {
    return this.#rows > this.#snapshotRows;
  }

  /** Bytes of Yjs state currently stored (snapshot plus log). */
  storedBytes(): number {
    return this.#storedBytes;
  }

  getMeta<T>(key: string): T | null {
    const row = this.#storage.sql.exec<{ value: string }>("SELECT value FROM room_meta WHERE key = ?", key).toArray()[0];
    return row ? (JSON.parse(row.value) as T) : null;
  }

  setMeta(key: string, value: unknown): void {
    this.#storage.sql.exec("INSERT INTO room_meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value", key, JSON.stringify(value));
  }

  deleteMeta(key: string): void {
    this.#storage.sql.exec("DELETE FROM room_meta WHERE key = ?", key);
  }

  /** Sets (or moves) the timer `kind`; `data` rides along as JSON. */
  setTimer(kind: string, at: number, data: unknown = null): void {
    this.#storage.sql.exec(
      "INSERT INTO room_timers (kind, at, data) VALUES (?, ?, ?) ON CONFLICT(kind) DO UPDATE SET at = excluded.at, data = excluded.data",
      kind,
      at,
      JSON.stringify(data),
    );
  }

  /**
   * Makes sure timer `kind` is due by `at` (an earlier one already set stays). Returns whether the
   * timer moved, so the caller re-arms the alarm only then.
   */
  setTimerBy(kind: string, at: number): boolean {
    const current = this.getTimer(kind);
    if (current && current.at <= at) return false;
    this.setTimer(kind, at);
    return true;
  }

  /** Clears timer `kind`; returns whether one was set (so the caller re-arms the alarm only then). */
  dropTimer(kind: string): boolean {
    if (!this.getTimer(kind)) return false;
    this.clearTimer(kind);
    return true;
  }

  clearTimer(kind: string): void {
    this.#storage.sql.exec("DELETE FROM room_timers WHERE kind = ?", kind);
  }

  getTimer<T>(kind: string): { at: number; data: T } | null {
    const row = this.#storage.sql.exec<{ at: number; data: string | null }>("SELECT at, data FROM room_timers WHERE kind = ?", kind).toArray()[0];
    return row ? { at: row.at, data: JSON.parse(row.data ?? "null") as T } : null;
  }

  /** Earliest timer, or `null` when none is set. */
  nextTimerAt(): number | null {
    const row = this.#storage.sql.exec<{ at: number | null }>("SELECT MIN(at) AS at FROM room_timers").one();
    return row.at ?? null;
  }
}

function chunkCount(bytes: number): number {
  return Math.max(1, Math.ceil(bytes / MAX_CHUNK_BYTES));
}

/** Rows one insert takes at most: DO SQLite binds at most 100 parameters a statement. */
const MAX_ROWS_PER_INSERT = 64;

/* The insert of `rows` updates, built once per row count (the runtime reuses a statement by its text). */
const INSERTS: string[] = [];

function insertOf(rows: number): string {
  return (INSERTS[rows] ??= `INSERT INTO room_updates (kind, data) VALUES ${new Array<string>(rows).fill("('update', ?)").join(", ")}`);
}

/* A Yjs update owns its whole buffer (it is encoded fresh), so it is bound without a copy. */
function toBuffer(bytes: Uint8Array): ArrayBuffer {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer) return bytes.buffer;
  return bytes.slice().buffer;
}
