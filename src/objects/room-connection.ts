import { isEditorSession, type RoomConnectionState } from "../shared/room-identity";
import { ROOM_CLOSE } from "../shared/room-protocol";

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
