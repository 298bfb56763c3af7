import type { LogSink } from "../shared/request-log";
import type { DraftDeps } from "../cores/drafts";
import type { EditorSession } from "../shared/session";

export { parseRoomName, roomName, type RoomAddress } from "../shared/room-protocol";

/** What the room needs from its environment: the D1 database the draft cores write to. */
export interface RoomEnv {
  DB: D1Database;
}

/** Timing and abuse limits of a room. */
export interface RoomLimits {
  /** Quiet time after the last edit before the draft is written to D1. */
  settleMs: number;
  /** Longest a dirty document waits for a D1 write while edits keep coming. */
  maxWaitMs: number;
  /** A connection that sends nothing this long after connecting is closed (`ROOM_CLOSE.IDLE`). */
  handshakeMs: number;
  /**
   * The safety net of the push (`PageRoom.recheckSessions`, which a sign-out or a change of access
   * sends at once) while a room is awake anyway: at a message, or an edit it sends out, once this
   * long has passed since the last confirmation, the room confirms every connection's sign-in
   * session (with `sessionsLive` or `isSessionLive`).
   */
  sessionRecheckMs: number;
  /**
   * The slow safety net for connections that are silent (or only heartbeat, which the runtime
   * answers without waking the room): the room's alarm confirms them this long after the last
   * confirmation, and at the earliest expiry among the connected sessions, and at no other time,
   * so a room of quiet editors sleeps between heartbeat checks.
   */
  sessionSafetyMs: number;
  /** Per-editor token bucket (shared by their connections, kept across reconnects): burst and refill per second, in messages… */
  messageBurst: number;
  messagesPerSecond: number;
  /** …and in bytes. */
  byteBurst: number;
  bytesPerSecond: number;
  /** Retry delay after a D1 write failed for a passing reason (D1 unreachable, a 5xx); it doubles with each failure in a row… */
  retryMs: number;
  /** …up to this. */
  retryMaxMs: number;
  /** Largest the room's stored document may grow (snapshot plus log); past it updates are refused. */
  maxDocumentBytes: number;
  /** Retry delay of a draft D1 refused as invalid, until the next edit (which retries after `settleMs`). */
  invalidRetryMs: number;
  /**
   * Group-commit window: how long after the first update waiting for a commit the room writes it
   * with everything that arrived meanwhile (0: the next turn). The broadcast is never held by it;
   * the author's acknowledgement waits it out. It keeps the write (and its CPU) off the object
   * while the broadcast is delivered, and gathers bursts (several typists, a paste sent in pieces)
   * into one commit, so fewer commits are in flight for the output gate to hold a later broadcast
   * behind. 32 ms rather than 16 or 4: five editors typing at once (a keystroke every 30–60 ms
   * each) then share a commit, its statement, its turn and its acknowledgement turn instead of
   * each paying for one (a commit in its own turn costs the runtime about a third of what a bare
   * room spends on a keystroke fanned out to 20); the acknowledgement, not the broadcast, waits
   * the longer. 64 ms saved no more in `room-typists`.
   * Tests raise it to widen the window in which a kill finds an update the peers have and the
   * storage lacks.
   */
  commitDelayMs: number;
  /**
   * A connection that heartbeats (`HEARTBEAT_PING`) and then stops for this long has its presence
   * hidden from the other editors, and stays open: a lost editor's cursor goes within seconds,
   * while a client the runtime is only slow to read (a busy runtime reads every socket late) is
   * not cut off. Its client, told its presence was removed, sends it again once the room reads it.
   */
  presenceTimeoutMs: number;
  /**
   * A connection that heartbeats and then stops for this long is closed (4408). Long enough that
   * a runtime behind on its reads does not close every socket at once (1,000 rooms on one local
   * runtime closed all 2,000 of their editors at 6 s, then their reconnections; none at 30 s).
   */
  heartbeatTimeoutMs: number;
  /**
   * Presence tick: the room sends the awareness changes admitted within this long of the first one
   * waiting as one message (`PresenceBatch`), so a crowd's cursor moves cost a send per editor per
   * tick rather than per move. 40 ms: under the ~50 ms between a brisk typist's keystrokes, and a
   * cursor that lags by that is not seen to.
   */
  presenceTickMs: number;
}

/**
 * Defaults: a draft is written 2 s after typing stops and at least every 12 s while it goes on, so
 * one room writes at most 5 drafts a minute plus one when the last editor leaves.
 */
export const DEFAULT_ROOM_LIMITS: RoomLimits = {
  settleMs: 2_000,
  maxWaitMs: 12_000,
  handshakeMs: 15_000,
  sessionRecheckMs: 3_000,
  sessionSafetyMs: 60_000,
  messageBurst: 400,
  messagesPerSecond: 100,
  byteBurst: 8 * 1024 * 1024,
  bytesPerSecond: 256 * 1024,
  retryMs: 5_000,
  retryMaxMs: 5 * 60_000,
  invalidRetryMs: 60_000,
  maxDocumentBytes: 16 * 1024 * 1024,
  commitDelayMs: 32,
  presenceTimeoutMs: 6_000,
  heartbeatTimeoutMs: 30_000,
  presenceTickMs: 40,
};

/** How a site configures `PageRoom`: which collections rooms serve, and optional limits. */
export interface PageRoomOptions<Env extends RoomEnv = RoomEnv> {
  /** Collection slug → the draft deps of that collection (the same ones the routes use). */
  collections: (env: Env) => Readonly<Record<string, DraftDeps>>;
  limits?: Partial<RoomLimits>;
  /**
   * Whether an editor's sign-in session still stands: `false` when it ended (signed out, removed:
   * closed with 4401), `"changed"` when its role or scope changed (closed with 4409, so the client
   * reconnects under the new ones). Open connections are checked when the site pushes a change
   * (`PageRoom.recheckSessions`) and, as a safety net, at a message or an edit once
   * `sessionRecheckMs` has passed, and by the alarm after `sessionSafetyMs` or at a connected
   * session's expiry. Editors without a `sessionId` (a site's own auth) are not rechecked.
   */
  isSessionLive?: (env: Env, session: EditorSession) => Promise<boolean | "changed">;
  /**
   * `isSessionLive` of every connection a room holds in one call, answering in their order (the
   * same session may appear more than once): the room asks it for all its connections at once, so a site whose check is one query for many sessions (the built-in sign-in's
   * is) pays one read per room per period, not one per connection. Without it the room calls
   * `isSessionLive` once per distinct connection.
   */
  sessionsLive?: (env: Env, sessions: readonly EditorSession[]) => Promise<ReadonlyArray<boolean | "changed">>;
  /**
   * Whether an editor still has the publish right, asked when their scheduled publish fires; false
   * cancels it and tells the editors. Without it the session recorded at scheduling time decides.
   */
  hasPublishRight?: (env: Env, session: EditorSession) => Promise<boolean>;
  /**
   * The scheduler's access as it stands when their scheduled publish fires (`null`: the account is
   * gone). With it the room cancels the publish unless they still publish and the page is still
   * within their scope (`assertAccess`); it takes the place of `hasPublishRight`.
   */
  publishAccess?: (env: Env, session: EditorSession) => Promise<EditorSession["access"] | null>;
  /** Where the room's own draft writes (settle, last leave) log their line; default the isolate's sink (console). */
  log?: LogSink;
}
