import type { Connection } from "partyserver";
import type { RoomConnectionState } from "../shared/room-identity";
import { MAX_MESSAGE_BYTES, ROOM_CLOSE } from "../shared/room-protocol";
import type { EditorSession } from "../shared/session";
import type { PageRoomOptions, RoomEnv, RoomLimits } from "./room-config";
import { stateOf } from "./room-connection";
import { createRateBucket, type RateBucket } from "./room-rate";

/** Why a connection is closed: the close code and its reason. */
export interface Refusal {
  code: number;
  reason: string;
}

/** Confirms the sessions of many connections at once, answering for each in their order (`false`: ended; `"changed"`: its role or scope changed). */
export type SessionsCheck = (env: RoomEnv, sessions: readonly EditorSession[]) => Promise<ReadonlyArray<boolean | "changed">>;

/** What admission needs from its room. */
export interface RoomAdmissionOptions {
  env: RoomEnv;
  limits: RoomLimits;
  /** Confirms editors' sign-in sessions; without it sessions are never rechecked. */
  sessionsLive?: SessionsCheck | undefined;
  /** The room's open connections, read when their sessions are confirmed. */
  connections(): Iterable<Connection>;
  /** Closes a connection whose session has ended. */
  evict(connection: Connection, code: number, reason: string): void;
}

/**
 * The room's batched session check from a site's options: `sessionsLive` as given, or else
 * `isSessionLive` called for each session; `undefined` when the site gives neither.
 *
 * @example
 * const check = sessionsCheckOf({ isSessionLive }); // await check(env, [a.editor, b.editor])
 */
export function sessionsCheckOf(options: Pick<PageRoomOptions, "isSessionLive" | "sessionsLive"> | null | undefined): SessionsCheck | undefined {
  if (options?.sessionsLive) return options.sessionsLive;
  const one = options?.isSessionLive;
  return one ? (env, sessions) => Promise.all(sessions.map((session) => one(env, session))) : undefined;
}

/**
 * Who may go on speaking and listening in one room: the message size cap, one rate budget per
 * editor (whatever connection they use, so reconnecting does not refill it), and the periodic
 * confirmation of the connections' sign-in sessions. That confirmation is the room's, not each
 * connection's: once `sessionRecheckMs` has passed since the last one, the next message, the next
 * edit going out or the room's alarm confirms every connection it holds in one call (one D1 read
 * with the built-in sign-in), so a room's reads do not grow with its crowd, and no connection's
 * attachment is rewritten for it.
 *
 * @example
 * const refusal = admission.admit(state, message.byteLength, Date.now());
 * if (refusal) return connection.close(refusal.code, refusal.reason);
 */
export class RoomAdmission {
  readonly #o: RoomAdmissionOptions;
  readonly #buckets = new Map<string, RateBucket>();
  /*
   * When every connection the room held was last sent to be confirmed. In memory only: a room the
   * runtime dropped confirms at its first chance after it wakes, which is never later than the bound.
   */
  #confirmedAt = Number.NEGATIVE_INFINITY;

  constructor(options: RoomAdmissionOptions) {
    this.#o = options;
  }

  /** The refusal of one incoming message of `size` bytes, or `null` when the room may handle it. */
  admit(state: RoomConnectionState, size: number, now: number): Refusal | null {
    if (size > MAX_MESSAGE_BYTES) return { code: ROOM_CLOSE.TOO_BIG, reason: "message over 1 MB" };
    const bucket = this.#buckets.get(state.editor.id) ?? createRateBucket(this.#o.limits, now);
    this.#buckets.set(state.editor.id, bucket);
    if (!bucket.take(size, now)) return { code: ROOM_CLOSE.RATE_LIMITED, reason: "too many messages" };
    // A connection's own session was resolved when it joined: its messages start the room's
    // confirmation only once that is a period old (the alarm keeps the bound either way).
    if (typeof state.editor.sessionId === "string" && now - state.connectedAt >= this.#o.limits.sessionRecheckMs) this.#confirmWhenDue(now);
    return null;
  }

  /**
   * Called as the room sends out an edit. A signed-out editor who never speaks would otherwise go
   * on receiving every edit, so listeners are confirmed on a speaker's schedule; at most once per
   * recheck period, so a keystroke does not list the connections.
   */
  sweep(now: number): void {
    this.#confirmWhenDue(now);
  }

  /**
   * Called by the room's alarm: a connection that is silent (or only heartbeats, which the runtime
   * answers without waking the room) and receives no edits is confirmed too, so a sign-out or a
   * change of role or scope closes it within `sessionRecheckMs`. Answers when the alarm should
   * next confirm, or `null` when no connection is subject to the check. A confirmation a message
   * made within the period stands in for this one: the alarm then comes back when that one's
   * period ends (a connection that joined since was resolved at its join, later still).
   */
  confirmAll(now: number): number | null {
    const period = this.#o.limits.sessionRecheckMs;
    if (!this.#o.sessionsLive) return null;
    if (now - this.#confirmedAt >= period) return this.#confirm(now) ? now + period : null;
    return this.#checked().length > 0 ? this.#confirmedAt + period : null;
  }

  #confirmWhenDue(now: number): void {
    if (now - this.#confirmedAt >= this.#o.limits.sessionRecheckMs) this.#confirm(now);
  }

  /* Sends every connection's session to be confirmed in one call: one that has ended is closed (4401), one whose role or scope changed 4409. */
  #confirm(now: number): boolean {
    const { sessionsLive, env } = this.#o;
    this.#confirmedAt = now;
    const held = this.#checked();
    if (!sessionsLive || held.length === 0) return false;
    sessionsLive(
      env,
      held.map(([, state]) => state.editor),
    ).then(
      (answers) =>
        held.forEach(([connection], i) => {
          const live = answers[i];
          if (live === "changed") this.#o.evict(connection, ROOM_CLOSE.ACCESS_CHANGED, "your access changed: reconnect under the new role or scope");
          else if (!live) this.#o.evict(connection, ROOM_CLOSE.NO_EDITOR, "the editor's session has ended: sign in again");
        }),
      (error: unknown) => console.error("page room: session check failed", error),
    );
    return true;
  }

  /* The open connections whose editors have a sign-in session to confirm, with their states. */
  #checked(): Array<[Connection, RoomConnectionState]> {
    const held: Array<[Connection, RoomConnectionState]> = [];
    for (const connection of this.#o.connections()) {
      const state = stateOf(connection);
      if (state && typeof state.editor.sessionId === "string") held.push([connection, state]);
    }
    return held;
  }
}
