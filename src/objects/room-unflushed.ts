import { clearUnflushed, markUnflushed } from "../cores/drafts";
import { causeOf, type LogSink } from "../shared/request-log";

/**
 * A room's row in `unflushed_rooms` (see `src/cores/drafts/unflushed-rooms.ts`): added when the
 * room turns dirty, deleted once D1 has its draft, the writes sent one after another so the last
 * one stands. While one is out, {@link pending} is it: the room holds back acknowledgements until
 * it lands, so an export that lists the rooms to flush never misses one that acknowledged an edit
 * before the export began. A failed write is logged; it never holds editing back.
 *
 * @example
 * const listing = new UnflushedListing(env.DB, "pages:12", log);
 * listing.set(Date.now()); // dirty
 * listing.set(null);       // flushed
 */
export class UnflushedListing {
  readonly #db: D1Database;
  readonly #room: string;
  readonly #log: LogSink;
  #last: Promise<void> = Promise.resolve();
  #pending: Promise<void> | null = null;

  constructor(db: D1Database, room: string, log: LogSink) {
    this.#db = db;
    this.#room = room;
    this.#log = log;
  }

  /** Lists the room as dirty since `since` (Unix ms), or takes it off the list (`null`). */
  set(since: number | null): void {
    const write = () => (since === null ? clearUnflushed(this.#db, this.#room) : markUnflushed(this.#db, this.#room, since));
    const done = this.#last.then(write).catch((error: unknown) => this.#log({ level: "error", requestId: crypto.randomUUID(), action: "room.unflushed", cause: causeOf(error) }));
    this.#last = done;
    this.#pending = done;
    void done.then(() => {
      if (this.#pending === done) this.#pending = null;
    });
  }

  /** The write still out, or `null` once every one has landed. */
  pending(): Promise<void> | null {
    return this.#pending;
  }
}
