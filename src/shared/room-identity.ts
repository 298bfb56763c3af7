import { parseAccessScope } from "./access-scope";
import type { EditorSession } from "./session";

// Kept in a module of its own so the browser client can colour authors without the session types.
export { editorColor } from "./editor-color";

/**
 * Header the Worker sets on a WebSocket upgrade it forwards to the room, carrying the editor it
 * resolved (URI-encoded JSON). The room trusts it because only the Worker can reach the room;
 * `roomRoute` deletes any copy a client sent before setting its own.
 */
export const ROOM_EDITOR_HEADER = "x-cms-room-editor";

/** What the room keeps on each connection (WebSocket attachment, so it survives hibernation). */
export interface RoomConnectionState {
  editor: EditorSession;
  color: string;
  connectedAt: number;
  /** Set at the first message; a connection that never speaks is closed by the idle check. */
  spoke: boolean;
  /** Awareness client ids this connection controls; no other connection may change them. */
  clients: number[];
  /**
   * Yjs client ids this connection wrote document content under: no other editor's connection may
   * write under them (nor use them in presence) while this one is open.
   */
  writes?: number[];
  /** The last awareness entry this connection sent, restored after hibernation (small ones only). */
  presence?: { clientID: number; clock: number; state: Record<string, unknown> | null } | undefined;
  /** Update frames of this connection acknowledged so far (the count an `ack` event carries). */
  acked?: number;
}

/**
 * Checks that a value is a well-formed `EditorSession` (from a header or an RPC caller).
 *
 * @example
 * if (!isEditorSession(value)) throw new HttpError(401, "no editor");
 */
export function isEditorSession(value: unknown): value is EditorSession {
  if (value === null || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  const access = v.access as Record<string, unknown> | null | undefined;
  return (
    typeof v.id === "string" &&
    v.id !== "" &&
    typeof v.email === "string" &&
    typeof v.name === "string" &&
    Array.isArray(v.roles) &&
    v.roles.every((role) => typeof role === "string") &&
    access !== null &&
    typeof access === "object" &&
    typeof access.publish === "boolean" &&
    (access.admin === undefined || typeof access.admin === "boolean") &&
    (access.scope === undefined || isValidScope(access.scope)) &&
    (v.sessionExpiresAt === undefined || (typeof v.sessionExpiresAt === "number" && Number.isFinite(v.sessionExpiresAt)))
  );
}

/**
 * Encodes an editor for {@link ROOM_EDITOR_HEADER}.
 *
 * @example
 * headers.set(ROOM_EDITOR_HEADER, encodeEditorHeader(session));
 */
export function encodeEditorHeader(session: EditorSession): string {
  const { id, email, name, roles, access, sessionId, sessionExpiresAt } = session;
  const { publish, admin, scope } = access;
  const carried = { publish, ...(admin === true ? { admin } : {}), ...(scope !== undefined ? { scope } : {}) };
  const sign = { ...(typeof sessionId === "string" ? { sessionId } : {}), ...(typeof sessionExpiresAt === "number" ? { sessionExpiresAt } : {}) };
  return encodeURIComponent(JSON.stringify({ id, email, name, roles, access: carried, ...sign }));
}

/**
 * Reads the editor from {@link ROOM_EDITOR_HEADER}; `null` when absent or malformed.
 *
 * @example
 * const editor = decodeEditorHeader(request.headers.get(ROOM_EDITOR_HEADER));
 */
export function decodeEditorHeader(value: string | null): EditorSession | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(value));
    return isEditorSession(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function isValidScope(value: unknown): boolean {
  try {
    parseAccessScope(value);
    return true;
  } catch {
    return false;
  }
}
