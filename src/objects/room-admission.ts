import type { Connection } from "partyserver";
import type { RoomConnectionState } from "../shared/room-identity";
import { MAX_MESSAGE_BYTES, ROOM_CLOSE } from "../shared/room-protocol";
import type { EditorSession } from "../shared/session";
import type { RoomEnv, RoomLimits } from "./room-config";
import { sessionCheckDue, stateOf } from "./room-connection";
import { createRateBucket, type RateBucket } from "./room-rate";

/** Why a connection is closed: the close code and its reason. */
export interface Refusal {
  code: number;
  reason: string;
}

/** What admission needs from its room. */
export interface RoomAdmissionOptions {
  env: RoomEnv;
  limits: RoomLimits;
  /** Confirms an editor's sign-in session; without it sessions are never rechecked. */
  isSessionLive?: ((env: RoomEnv, session: EditorSession) => Promise<boolean | "changed">) | undefined;
  /** Closes a connection whose session has ended. */
  evict(connection: Connection, code: number, reason: string): void;
}

/**
 * Who may go on speaking and listening in one room: the message size cap, one rate budget per
 * editor (whatever connection they use, so reconnecting does not refill it), and the periodic
 * confirmation of each connection's sign-in session, for speakers at their messages and for
 * listeners as edits go out to them.
 *
 * @example
 * const refusal = admission.admit(connection, state, message.byteLength, Date.now());
 * if (refusal) return connection.close(refusal.code, refusal.reason);
 */
export class RoomAdmission {
  readonly #o: RoomAdmissionOptions;
  readonly #buckets = new Map<string, RateBucket>();
  #sweptAt = 0;

  constructor(options: RoomAdmissionOptions) {
    this.#o = options;
  }

  /** The refusal of one incoming message of `size` bytes, or `null` when the room may handle it. */
  admit(connection: Connection, state: RoomConnectionState, size: number, now: number): Refusal | null {
    if (size > MAX_MESSAGE_BYTES) return { code: ROOM_CLOSE.TOO_BIG, reason: "message over 1 MB" };
    const bucket = this.#buckets.get(state.editor.id) ?? createRateBucket(this.#o.limits, now);
    this.#buckets.set(state.editor.id, bucket);
    if (!bucket.take(size, now)) return { code: ROOM_CLOSE.RATE_LIMITED, reason: "too many messages" };
    this.#confirm(connection, state, now);
    return null;
  }

  /**
   * Called as the room sends out an edit. A signed-out editor who never speaks would otherwise go
   * on receiving every edit, so listeners are confirmed on a speaker's schedule; swept at most once
   * per recheck period, so a keystroke does not read every connection's state (nor list them).
   */
  sweep(connections: () => Iterable<Connection>, now: number): void {
    if (now - this.#sweptAt < this.#o.limits.sessionRecheckMs) return;
    this.#confirmAll(connections(), now, this.#o.limits.sessionRecheckMs);
  }

  /**
   * Called by the room's alarm every `sessionRecheckMs` while connections are open: a connection
   * that is silent (or only heartbeats, which the runtime answers without waking the room) and
   * receives no edits is confirmed too, so a sign-out or a change of role or scope closes it within
   * that period. Answers whether any connection is still subject to the check (the room then sets
   * its next one).
   */
  confirmAll(connections: Iterable<Connection>, now: number): boolean {
    // Every connection, however recently a message confirmed it: the alarm's period is the bound.
    return this.#confirmAll(connections, now, 0);
  }

  #confirmAll(connections: Iterable<Connection>, now: number, dueAfterMs: number): boolean {
    this.#sweptAt = now;
    let checked = false;
    for (const connection of connections) {
      const state = stateOf(connection);
      if (!state || typeof state.editor.sessionId !== "string") continue;
      checked = true;
      this.#confirm(connection, state, now, dueAfterMs);
    }
    return checked && this.#o.isSessionLive !== undefined;
  }

  /* Confirms the connection's session when due; one that has ended is closed (4401), one whose role or scope changed 4409. */
  #confirm(connection: Connection, state: RoomConnectionState, now: number, dueAfterMs = this.#o.limits.sessionRecheckMs): void {
    const { isSessionLive, env } = this.#o;
    if (!isSessionLive || !sessionCheckDue(connection, state, dueAfterMs, now)) return;
    isSessionLive(env, state.editor).then(
      (live) => {
        if (live === "changed") this.#o.evict(connection, ROOM_CLOSE.ACCESS_CHANGED, "your access changed: reconnect under the new role or scope");
        else if (!live) this.#o.evict(connection, ROOM_CLOSE.NO_EDITOR, "the editor's session has ended: sign in again");
      },
      (error: unknown) => console.error("page room: session check failed", error),
    );
  }
}
