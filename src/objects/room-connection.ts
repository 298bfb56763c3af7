import { optionalId } from "../shared/write-input";
import { isEditorSession, type RoomConnectionState } from "../shared/room-identity";
import { ROOM_CLOSE } from "../shared/room-protocol";
import type { EditorSession } from "../shared/session";
import type { OutsideEdit } from "./room-drafts";

/**
 * Why a room could not load its document: the close code its connections get and the HTTP status
 * its RPC callers get (404 for a missing page or collection, 503 otherwise).
 *
 * @example
 * throw new RoomLoadError(ROOM_CLOSE.NOT_FOUND, 404, "page 12 not found");
 */
export class RoomLoadError extends Error {
  constructor(
    readonly closeCode: number,
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "RoomLoadError";
  }
}

/**
 * Any load failure as a `RoomLoadError`; unexpected ones are logged and become a 1011/503 that
 * reveals nothing.
 *
 * @example
 * catch (error) { this.#loadError = asLoadError(error); }
 */
export function asLoadError(error: unknown): RoomLoadError {
  if (error instanceof RoomLoadError) return error;
  console.error("page room: load failed", error);
  return new RoomLoadError(ROOM_CLOSE.LOAD_FAILED, 503, "the room could not load its document");
}

/**
 * The room's state on a connection (or on a transaction origin that is a connection), or `null`
 * when it carries no editor.
 *
 * @example
 * const editor = stateOf(connection)?.editor;
 */
export function stateOf(value: unknown): RoomConnectionState | null {
  if (value === null || typeof value !== "object" || !("state" in value)) return null;
  const state = (value as { state: unknown }).state as Partial<RoomConnectionState> | null;
  return state && isEditorSession(state.editor) ? (state as RoomConnectionState) : null;
}

/** Transaction origin of a REST, inline or service-binding edit merged into the live document. */
export class RestEdit {
  constructor(readonly editor: EditorSession) {}
}

/**
 * An edit from outside the room as the draft writer takes it: its editor, its transaction origin
 * and the version the writer read (a 400 when that is not a positive integer).
 *
 * @example
 * drafts.saveEdit(edit, outsideEdit(session, { baseVersionId: 40 }));
 */
export function outsideEdit(session: EditorSession, options: { baseVersionId?: number; replace?: boolean }): OutsideEdit {
  const base = optionalId(options.baseVersionId, "baseVersionId");
  return { session, origin: new RestEdit(session), ...(base === undefined ? {} : { baseVersionId: base }), ...(options.replace === true ? { replace: true } : {}) };
}

/**
 * A close reason cut to the 123 bytes of UTF-8 a WebSocket close frame allows (a longer one makes
 * `close()` throw).
 *
 * @example
 * connection.close(4422, closeReason(refusal));
 */
export function closeReason(reason: string): string {
  const bytes = new TextEncoder().encode(reason);
  return bytes.byteLength <= 123 ? reason : new TextDecoder().decode(bytes.slice(0, 120)).replace(/\uFFFD$/, "") + "…";
}
