import { UpdateAcks } from "../../shared/room-acks";
import { MESSAGE_SYNC, SYNC_STEP2 } from "../../shared/room-protocol";

/**
 * Where this editor's own edits are: all acknowledged by the room (`saved`), some still waiting
 * (`saving`), or waiting longer than an acknowledgement takes on a socket that looks open (`overdue`).
 */
export type Durability = "saved" | "saving" | "overdue";

/** Timers, injectable so tests can step time. */
export interface DurabilityTimers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface DurabilityOptions {
  /** How long an acknowledgement may take before the connection is treated as stuck. */
  overdueMs: number;
  /** Whether the current socket is open (an overdue acknowledgement on a closed socket is just offline). */
  isOpen: () => boolean;
  onChange: (state: Durability) => void;
  /** The document already holds edits the room may lack (a device copy); they are durable once a handshake is acknowledged. */
  startDirty?: boolean;
  timers?: DurabilityTimers;
}

/**
 * Tracks whether this editor's edits are durable in the room, from the room's `ack` events: every
 * update-bearing frame a connection sends is counted, and the edits are `saved` once the room has
 * acknowledged all of them and this connection has sent its handshake's step 2 (which carries
 * whatever was typed while no connection was open). Start a connection with {@link opened}, count
 * each frame with {@link sent}, feed {@link acked} from `ack` events and {@link edited} from this
 * editor's own document updates.
 *
 * @example
 * const durability = new DurabilityTracker({ overdueMs: 4000, isOpen: () => provider.wsconnected, onChange: render });
 * class CountingSocket extends WebSocket { send(data) { super.send(data); durability.sent(data); } }
 */
export class DurabilityTracker {
  readonly #o: DurabilityOptions;
  readonly #timers: DurabilityTimers;
  #acks = new UpdateAcks();
  #handshake = false;
  #dirty: boolean;
  #state: Durability;
  #timer: unknown = null;

  constructor(options: DurabilityOptions) {
    this.#o = options;
    this.#timers = options.timers ?? { setTimeout: (run, ms) => setTimeout(run, ms), clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>) };
    this.#dirty = options.startDirty === true;
    this.#state = this.#dirty ? "saving" : "saved";
  }

  /** A new connection: nothing sent on it yet, and its handshake still to come. */
  opened(): void {
    this.#acks = new UpdateAcks();
    this.#handshake = false;
  }

  /** A frame the current connection sent. */
  sent(frame: unknown): void {
    this.#acks.sent(frame);
    if (isStepTwo(frame)) this.#handshake = true;
    if (this.#dirty) this.#arm();
  }

  /** The room's acknowledgement count for the current connection. */
  acked(updates: unknown): void {
    this.#acks.acked(updates);
    if (this.#handshake && this.#acks.waiting() === 0) this.#dirty = false;
    this.#disarm();
    if (this.#dirty) this.#arm();
    this.#set(this.#dirty ? "saving" : "saved");
  }

  /** This editor changed the document. */
  edited(): void {
    this.#dirty = true;
    if (this.#state !== "overdue") this.#set("saving");
    this.#arm();
  }

  state(): Durability {
    return this.#state;
  }

  destroy(): void {
    this.#disarm();
  }

  #arm(): void {
    if (this.#timer !== null) return;
    this.#timer = this.#timers.setTimeout(() => {
      this.#timer = null;
      if (this.#dirty && this.#o.isOpen()) this.#set("overdue");
    }, this.#o.overdueMs);
  }

  #disarm(): void {
    if (this.#timer !== null) this.#timers.clearTimeout(this.#timer);
    this.#timer = null;
  }

  #set(state: Durability): void {
    if (state === this.#state) return;
    this.#state = state;
    this.#o.onChange(state);
  }
}

function isStepTwo(frame: unknown): boolean {
  return frame instanceof Uint8Array ? frame[0] === MESSAGE_SYNC && frame[1] === SYNC_STEP2 : frame instanceof ArrayBuffer && isStepTwo(new Uint8Array(frame));
}
