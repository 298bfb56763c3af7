/*
 * The page room's wire protocol, in one place for the room, the Worker's gate and the browser
 * client (docs/room-protocol.md describes it for third-party clients). Frames are the standard
 * y-websocket ones: a var-uint message type (0 sync, 1 awareness), then for sync the y-protocols
 * sub-type (step 1, step 2, update) and its payload. Room events travel as y-partyserver custom
 * messages: the text frame `__YPS:` followed by the JSON of a {@link RoomEvent}.
 */
import { messageYjsSyncStep1, messageYjsSyncStep2, messageYjsUpdate } from "y-protocols/sync";
import type { Violation } from "./errors";

/** Outer message type of a sync frame (y-websocket convention). */
export const MESSAGE_SYNC = 0;
/** Outer message type of an awareness frame (y-websocket convention). */
export const MESSAGE_AWARENESS = 1;
/** Sync sub-types, as y-protocols numbers them. */
export const SYNC_STEP1 = messageYjsSyncStep1;
export const SYNC_STEP2 = messageYjsSyncStep2;
export const SYNC_UPDATE = messageYjsUpdate;

/** partyserver's name for the `PageRoom` class: rooms live under `/parties/page-room/<room>`. */
export const ROOM_PARTY = "page-room";
/** Path prefix of every room. */
export const ROOM_PATH_PREFIX = `/parties/${ROOM_PARTY}/`;
/** Prefix y-partyserver puts before a custom (JSON) message in a text frame. */
export const CUSTOM_MESSAGE_PREFIX = "__YPS:";

/**
 * Heartbeat a client may send as a text frame every couple of seconds; the runtime answers
 * `HEARTBEAT_PONG` without waking the room. A client that pings and then falls silent is taken
 * for gone (its network dropped) and closed with `ROOM_CLOSE.IDLE`, so its presence leaves the
 * other editors' screens within seconds. Clients that never ping are never timed out this way.
 */
export const HEARTBEAT_PING = "ping";
export const HEARTBEAT_PONG = "pong";

/**
 * The version of this protocol the browser client speaks, sent as the room URL's `v` query
 * parameter (`ROOM_VERSION_PARAM`). Raised when the room starts refusing what earlier clients
 * write, together with `ROOM_MIN_PROTOCOL_VERSION`, so a tab left open across a deploy is told to
 * reload (`ROOM_CLOSE.OUTDATED`) instead of having its edits refused one by one. Version 1 is every
 * client from before versions: it sends no parameter.
 */
export const ROOM_PROTOCOL_VERSION = 2;
/** The oldest client version the room still speaks with. */
export const ROOM_MIN_PROTOCOL_VERSION = 2;
/** Query parameter of the room URL carrying the client's protocol version. */
export const ROOM_VERSION_PARAM = "v";

/**
 * Why the room will not speak with the client that opened `url`, or `null` when it will: a
 * missing, malformed or older version than `minimum` is refused.
 *
 * @example
 * outdatedClient("wss://site.test/parties/page-room/pages:1?v=2") // null
 * outdatedClient("wss://site.test/parties/page-room/pages:1") // "this editor was updated: reload the page (client protocol 1, the room needs 2)"
 */
export function outdatedClient(url: string, minimum: number = ROOM_MIN_PROTOCOL_VERSION): string | null {
  const raw = new URL(url).searchParams.get(ROOM_VERSION_PARAM);
  const version = raw !== null && /^[1-9][0-9]{0,8}$/.test(raw) ? Number(raw) : 1;
  return version >= minimum ? null : `this editor was updated: reload the page (client protocol ${version}, the room needs ${minimum})`;
}

/** Root map of the document holding the collection's json fields, keyed by field name. */
export const JSON_ROOT = "json";

/** Largest message a connection may send (1 MB). */
export const MAX_MESSAGE_BYTES = 1024 * 1024;

/**
 * Close codes the room uses. 1009 and 1011 are the standard WebSocket ones; the 44xx codes mirror
 * HTTP statuses so a client can tell "fix yourself" (4400, 4429) from "sign in" (4401) and
 * "this page is gone" (4404).
 *
 * @example
 * socket.addEventListener("close", (e) => { if (e.code === ROOM_CLOSE.RATE_LIMITED) backOff(); });
 */
export const ROOM_CLOSE = {
  /** A message over `MAX_MESSAGE_BYTES`. */
  TOO_BIG: 1009,
  /** The stored document could not be loaded; the room refuses to serve an empty one. */
  LOAD_FAILED: 1011,
  /** A message that is not a well-formed Yjs sync or awareness message. */
  MALFORMED: 4400,
  /** The connection carries no editor identity from the Worker, or its sign-in session ended. */
  NO_EDITOR: 4401,
  /**
   * The page is outside the account's scope (its collection or address; see `assertAccess`):
   * refused at connection. Reconnecting does not help until an admin widens the scope.
   */
  OUT_OF_SCOPE: 4403,
  /**
   * The account's role or scope changed while it was connected: the client should say so and
   * reconnect, to be admitted (or refused with 4403) under the new ones.
   */
  ACCESS_CHANGED: 4409,
  /**
   * The page (or its collection) does not exist, or was deleted while editors were in its room (the
   * room forgets it; clients should stop reconnecting and say "This page was deleted").
   */
  NOT_FOUND: 4404,
  /** Connected and said nothing within the handshake window. */
  IDLE: 4408,
  /** The page's document is at its size limit (`maxDocumentBytes`); nothing more is accepted. */
  DOCUMENT_FULL: 4413,
  /**
   * An update the document schema would not produce (unknown root, node, mark, attribute, unsafe URL,
   * too deep), or new content under a client id another editor's open connection owns.
   */
  REFUSED: 4422,
  /**
   * An update that changes a field the account may only read (its scope's `readOnlyFields`), or
   * review data only the room writes (a suggestion of another author, a change to an existing
   * one): the update is refused like a 4422 one (a `refused` event first), the doc's other
   * editors are untouched.
   */
  READ_ONLY_FIELD: 4423,
  /**
   * The client speaks an older protocol than the room's minimum (`ROOM_MIN_PROTOCOL_VERSION`), or
   * sent none: it should stop reconnecting, keep its unsent edits and have the editor reload.
   */
  OUTDATED: 4426,
  /** Too many messages or bytes per second from this editor (across their connections). */
  RATE_LIMITED: 4429,
} as const;

/**
 * What the room tells every editor.
 *
 * - `saved`: the room wrote a D1 draft (`versionId`).
 * - `published` / `unpublished`: someone changed what visitors see.
 * - `violations`: a draft write was refused; the room keeps the document as it is (nothing is
 *   dropped) and writes the fields that are valid.
 * - `scheduled`: a publish was scheduled (`at`) or cancelled (`at: null`).
 * - `schedule-cancelled`: a scheduled publish due at `at` did not go live (`reason`: the scheduler
 *   lost the publish right, the version is gone or invalid, a newer version was published); it
 *   follows the `scheduled` event (`at: null`) that clears the schedule.
 * - `edited`: a write from outside the room (REST, inline save, service binding) was merged into
 *   the live document; `fields` names what it changed, `by` who made it, `conflicts` the fields
 *   where live typing won over part of it.
 * - `source-changed` (in a translation's room): its source's draft was written; a translator showing
 *   the source's text beside their fields reads it again (`SOURCE_CHANGED_EVENT` of page-languages.ts).
 * - `ack` (to one connection): the first `updates` update-bearing sync frames (step 2 and update)
 *   this connection sent are stored durably ({@link countsAsUpdate} tells which frames count).
 * - `refused` (to one connection, just before it is closed with 4422): the update was not applied;
 *   `items` are the `[client, clock, length]` ranges of the structs it carried, `reason` says why;
 *   `items` is empty when it wrote under another editor's client id (not the sender's to drop).
 *
 * @example
 * provider.on("custom-message", (raw) => { const event = parseRoomEvent(raw); });
 */
export type RoomEvent =
  | { type: "saved"; versionId: number }
  | { type: "published"; versionId: number }
  | { type: "unpublished" }
  | { type: "violations"; violations: Violation[] }
  | { type: "scheduled"; at: string | null; versionId?: number | null }
  | { type: "schedule-cancelled"; at: string; versionId: number | null; reason: string }
  | { type: "edited"; fields: string[]; by: string; conflicts: string[] }
  | { type: "source-changed" }
  | { type: "ack"; updates: number }
  | { type: "refused"; reason: string; items: [client: number, clock: number, length: number][] };

const EVENT_TYPES = new Set<string>(["saved", "published", "unpublished", "violations", "scheduled", "schedule-cancelled", "edited", "source-changed", "ack", "refused"]);

/**
 * Reads a custom message as a room event; `null` for malformed JSON or an unknown type, so a
 * client from an older release ignores events it does not know.
 *
 * @example
 * parseRoomEvent('{"type":"saved","versionId":4}') // { type: "saved", versionId: 4 }
 */
export function parseRoomEvent(raw: string): RoomEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
  const type = (value as { type?: unknown }).type;
  return typeof type === "string" && EVENT_TYPES.has(type) ? (value as RoomEvent) : null;
}

/** A parsed room name `<collection>:<id>`. */
export interface RoomAddress {
  collection: string;
  id: number;
}

const ROOM_NAME = /^([A-Za-z_][A-Za-z0-9_]*):([1-9][0-9]{0,15})$/;

/**
 * Parses a room name; `null` unless it is `<collection>:<positive integer id>`.
 *
 * @example
 * parseRoomName("pages:12") // { collection: "pages", id: 12 }
 */
export function parseRoomName(name: string): RoomAddress | null {
  const match = ROOM_NAME.exec(name);
  if (!match) return null;
  const id = Number(match[2]);
  return Number.isSafeInteger(id) ? { collection: match[1] as string, id } : null;
}

/**
 * The room name of a page.
 *
 * @example
 * roomName("pages", 12) // "pages:12"
 */
export function roomName(collection: string, id: number): string {
  return `${collection}:${id}`;
}
