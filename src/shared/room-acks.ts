import { MESSAGE_SYNC, SYNC_STEP2, SYNC_UPDATE } from "./room-protocol";

/**
 * Whether a frame a client sends counts towards the room's acknowledgements: a binary sync frame
 * carrying an update (step 2 or update). Step 1, awareness and text frames do not count. Reads
 * only the two leading var-uints, so it is cheap enough to run on every frame sent.
 *
 * @example
 * countsAsUpdate(new Uint8Array([0, 2, 1, 0])) // true: a sync update
 * countsAsUpdate(new Uint8Array([1, 0]))       // false: awareness
 */
export function countsAsUpdate(frame: unknown): boolean {
  const bytes = frame instanceof Uint8Array ? frame : frame instanceof ArrayBuffer ? new Uint8Array(frame) : ArrayBuffer.isView(frame) ? new Uint8Array(frame.buffer, frame.byteOffset, frame.byteLength) : null;
  if (!bytes || bytes.byteLength < 2) return false;
  // Both var-uints are small (0..2), so each is its first byte.
  return bytes[0] === MESSAGE_SYNC && (bytes[1] === SYNC_STEP2 || bytes[1] === SYNC_UPDATE);
}

/**
 * A client's side of the acknowledgement count for one connection: frames sent that count, and
 * the highest `ack` the room sent back. Everything sent on the connection is durable in the room
 * once {@link UpdateAcks.waiting} is 0; start a new one for every connection.
 *
 * @example
 * const acks = new UpdateAcks();
 * socket.send(frame); acks.sent(frame);
 * // on `{ type: "ack", updates: n }`:
 * acks.acked(n); if (acks.waiting() === 0) showSaved();
 */
export class UpdateAcks {
  #sent = 0;
  #acked = 0;

  /** Counts a frame this connection sent (frames that do not count are ignored). */
  sent(frame: unknown): void {
    if (countsAsUpdate(frame)) this.#sent += 1;
  }

  /** Takes an acknowledgement count; ignores anything but a whole number that moves forward. */
  acked(updates: unknown): void {
    if (typeof updates === "number" && Number.isSafeInteger(updates) && updates > this.#acked) this.#acked = Math.min(updates, this.#sent);
  }

  /** Update frames sent on this connection and not acknowledged yet. */
  waiting(): number {
    return this.#sent - this.#acked;
  }

  /** Update frames sent on this connection so far. */
  sentCount(): number {
    return this.#sent;
  }
}
