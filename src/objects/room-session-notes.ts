import { dropRoomSessions, noteRoomSession } from "../cores/room-sessions";
import { causeOf, type LogSink } from "../shared/request-log";

/**
 * A room's rows in `room_sessions` (see `src/cores/room-sessions.ts`): one per sign-in session it
 * holds an open connection of, so a sign-out or a change of access finds the room and tells it at
 * once. The writes go out one after another, so a leave and a rejoin of the same session land in
 * their order. A failed write is logged and never holds a connection back: the room's slower
 * rechecks still find what a missed push would have said.
 *
 * @example
 * const notes = new RoomSessionNotes(env.DB, "pages:12", log);
 * notes.joined("9f1c…", "7");
 * notes.left(["9f1c…"]);
 */
export class RoomSessionNotes {
  readonly #db: D1Database;
  readonly #room: string;
  readonly #log: LogSink;
  #last: Promise<void> = Promise.resolve();

  constructor(db: D1Database, room: string, log: LogSink) {
    this.#db = db;
    this.#room = room;
    this.#log = log;
  }

  /** The room admitted a connection of `sessionId` (account `editorId`). */
  joined(sessionId: string, editorId: string): Promise<void> {
    return this.#then(() => noteRoomSession(this.#db, this.#room, sessionId, editorId));
  }

  /** The last connections of `sessionIds` in the room ended; `null`: every one did (the room forgot its record). */
  left(sessionIds: readonly string[] | null): Promise<void> {
    return this.#then(() => dropRoomSessions(this.#db, this.#room, sessionIds));
  }

  #then(write: () => Promise<void>): Promise<void> {
    const done = this.#last.then(write).catch((error: unknown) => this.#log({ level: "error", requestId: crypto.randomUUID(), action: "room.sessions", cause: causeOf(error) }));
    this.#last = done;
    return done;
  }
}
