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
 * editor (whatever connection they use, so reconnecting does not refill it), and the confirmation
 * of the connections' sign-in sessions. A sign-out or a change of an account's role or scope is
 * pushed to the rooms holding its connections, which confirm at once ({@link confirmNow}); the
 * rest is the safety net for a push that went missing: once `sessionRecheckMs` has passed since the
 * last confirmation, the next message or the next edit going out confirms again, and the room's
 * alarm does once `sessionSafetyMs` has, or when a connected session expires. A confirmation is
 * the room's, not each connection's: every connection it holds in one call (one D1 read with the
 * built-in sign-in), so a room's reads do not grow with its crowd, and no connection's attachment
 * is rewritten for it.
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
   * The push: a session of a connection here ended or its account's access changed. Confirms every
   * connection now, whenever the last confirmation was, and resolves once the ones that no longer
   * stand are closed, with how many were. Idempotent: a push for a session the room does not hold
   * confirms the others and closes nothing.
   */
  async confirmNow(now: number): Promise<number> {
    return (await this.#confirm(now)) ?? 0;
  }

  /**
   * Called by the room's alarm, the safety net of the push for connections that are silent (or
   * only heartbeat, which the runtime answers without waking the room) and receive no edits:
   * confirms them all once `sessionSafetyMs` has passed since the last confirmation, or when a
   * connected session's expiry has come. Answers when the alarm should next confirm (the earlier
   * of the two), or `null` when no connection is subject to the check.
   */
  confirmAll(now: number): number | null {
    if (!this.#o.sessionsLive) return null;
    const held = this.#checked();
    if (held.length === 0) return null;
    if (now - this.#confirmedAt >= this.#o.limits.sessionSafetyMs || held.some(([, state]) => expiryOf(state) <= now)) void this.#confirm(now);
    return this.nextCheckAt(now, held);
  }

  /**
   * When the alarm should next confirm: the safety period after the last confirmation (or after
   * `now` when none was made), or the earliest expiry still ahead among the connected sessions,
   * whichever is sooner; `null` when no connection is subject to the check.
   */
  nextCheckAt(now: number, held = this.#checked()): number | null {
    if (!this.#o.sessionsLive || held.length === 0) return null;
    let next = (this.#confirmedAt === Number.NEGATIVE_INFINITY ? now : this.#confirmedAt) + this.#o.limits.sessionSafetyMs;
    for (const [, state] of held) {
      const expiry = expiryOf(state);
      if (expiry > now && expiry < next) next = expiry;
    }
    return next;
  }

  #confirmWhenDue(now: number): void {
    if (now - this.#confirmedAt >= this.#o.limits.sessionRecheckMs) void this.#confirm(now);
  }

  /*
   * Sends every connection's session to be confirmed in one call: one that has ended is closed
   * (4401), one whose role or scope changed 4409. Resolves with how many were closed, once they
   * are; `null` when there was nothing to confirm.
   */
  #confirm(now: number): Promise<number | null> {
    const { sessionsLive, env } = this.#o;
    this.#confirmedAt = now;
    const held = this.#checked();
    if (!sessionsLive || held.length === 0) return Promise.resolve(null);
    return sessionsLive(
      env,
      held.map(([, state]) => state.editor),
    ).then(
      (answers) => {
        let closed = 0;
        held.forEach(([connection], i) => {
          const live = answers[i];
          if (live === true) return;
          // Closed meanwhile (a push and a message confirming at once): told once.
          if (connection.readyState !== WebSocket.OPEN) return;
          closed += 1;
          if (live === "changed") this.#o.evict(connection, ROOM_CLOSE.ACCESS_CHANGED, "your access changed: reconnect under the new role or scope");
          else this.#o.evict(connection, ROOM_CLOSE.NO_EDITOR, "the editor's session has ended: sign in again");
        });
        return closed;
      },
      (error: unknown) => {
        console.error("page room: session check failed", error);
        return null;
      },
    );
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

/* When a connection's sign-in session expires (Unix ms), or never, as far as the room knows. */
function expiryOf(state: RoomConnectionState): number {
  const at = state.editor.sessionExpiresAt;
  return typeof at === "number" ? at : Number.POSITIVE_INFINITY;
}
