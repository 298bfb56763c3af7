import * as encoding from "lib0/encoding";
import type { Connection } from "partyserver";
import { applyAwarenessUpdate, encodeAwarenessUpdate, type Awareness } from "y-protocols/awareness";
import { MESSAGE_AWARENESS } from "../shared/room-protocol";
import { sendToOthers } from "./room-sockets";
import { encodeAwarenessEntries, type AwarenessEntry } from "./room-wire";

/** What the awareness emits on `update` (its second argument is the origin). */
interface AwarenessChanges {
  added: number[];
  updated: number[];
  removed: number[];
}

/* The awareness origin of presence the room admitted from a connection's message. */
const ADMITTED = Symbol("page-room:presence");

/**
 * Sends the room's presence out once per tick rather than once per awareness message: every
 * change admitted within `tickMs` of the first one waiting goes to the other connections in one
 * awareness message holding each changed client's current state (a later move of the same cursor
 * replaces the earlier, a removal goes out as one). In a crowd of N editors, each moving a cursor
 * about once a second, a message per move is N² sends a second and, since stock Yjs clients send
 * back every change they receive, as many messages back; one per tick is N sends a tick and as
 * many echoes at most. No change waits longer than the tick (the first change of a tick sets the
 * timer; later ones do not push it back). Presence the room removes itself (origin `null`: a
 * connection closed, or its heartbeat stopped) does not wait for a tick: it is sent to everyone at
 * once. The room does not run YServer's start-up, so no other awareness handler sends anything.
 *
 * @example
 * const presence = new PresenceBatch(this.document.awareness, () => limits.presenceTickMs, () => this.getConnections());
 * presence.admit(connection, decision.entries);
 */
export class PresenceBatch {
  /** Each client id changed in this tick, with the connection whose message changed it. */
  readonly #changed = new Map<number, Connection>();
  /** The connection whose entries are being applied. */
  #from: Connection | null = null;
  #timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly awareness: Awareness,
    private readonly tickMs: () => number,
    private readonly connections: () => Iterable<Connection>,
  ) {
    awareness.on("update", ({ added, updated, removed }: AwarenessChanges, origin: unknown) => {
      if (origin === null) return sendToOthers(this.connections(), this.#message([...added, ...updated, ...removed]));
      if (origin !== ADMITTED || this.#from === null) return;
      for (const clientID of [...added, ...updated, ...removed]) this.#changed.set(clientID, this.#from);
    });
  }

  /**
   * Applies admitted entries from `from` (clocks as Yjs judges them: a stale one changes nothing)
   * and queues what changed for the tick's message.
   */
  admit(from: Connection, entries: AwarenessEntry[]): void {
    this.#from = from;
    try {
      applyAwarenessUpdate(this.awareness, encodeAwarenessEntries(entries), ADMITTED);
    } finally {
      this.#from = null;
    }
    if (this.#changed.size > 0 && this.#timer === null) this.#timer = setTimeout(() => this.flush(), this.tickMs());
  }

  /**
   * Sends the tick's changes now: to every open connection, except the one that made every change
   * of the tick (it has its own states already).
   */
  flush(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    if (this.#changed.size === 0) return;
    const senders = new Set(this.#changed.values());
    const only = senders.size === 1 ? [...senders][0] : null;
    const message = this.#message([...this.#changed.keys()]);
    this.#changed.clear();
    sendToOthers(this.connections(), message, only);
  }

  /* An awareness message with the current state of each of `clientIDs` the awareness knows. */
  #message(clientIDs: number[]): Uint8Array {
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, MESSAGE_AWARENESS);
    encoding.writeVarUint8Array(encoder, encodeAwarenessUpdate(this.awareness, clientIDs.filter((clientID) => this.awareness.meta.has(clientID))));
    return encoding.toUint8Array(encoder);
  }
}
