import type { Connection } from "partyserver";
import { CUSTOM_MESSAGE_PREFIX, type RoomEvent } from "../shared/room-protocol";
import type { RoomConnectionState } from "../shared/room-identity";
import type { EditorSession } from "../shared/session";
import { stateOf } from "./room-connection";

/** What the commit queue does with what it holds. */
export interface RoomCommitsContext {
  /** Appends one commit's accepted updates, in order, to the room's storage (synchronous SQLite). */
  append(updates: readonly Uint8Array[]): void;
  /** Records one accepted edit for the draft writer (may write its own bookkeeping rows). */
  edited(editor: EditorSession | null, at: number, fields: string[] | null): void;
  /** Whether the document's state of `client` has reached `clock` (every item up to it is in it). */
  has(client: number, clock: number): boolean;
  /**
   * A write that must land before an edit committed now is acknowledged (the room's row in
   * `unflushed_rooms`, see `RoomDrafts.listing`), or `null`.
   */
  ackGate?(): Promise<void> | null;
  /** The group-commit window (`RoomLimits.commitDelayMs`): a commit comes this long after the first update it holds. */
  delayMs: number;
}

/** How long an acknowledged count waits in memory before it is written into the connection's attachment. */
const REMEMBER_MS = 1_000;

/** One accepted edit; `fields` names the root fields it touched, read only at its commit. */
type PendingEdit = { editor: EditorSession | null; at: number; fields: () => string[] | null };

/**
 * Accepted updates between their broadcast and their commit. An update from an editor is
 * broadcast to the other editors in the turn it arrives, with no storage write pending in that
 * turn, so the output gate does not hold it; the append (and the draft writer's bookkeeping) is
 * queued here and written in a later turn, once the group-commit window (`delayMs`) has passed,
 * all that arrived meanwhile in one commit. In that same
 * turn each author whose updates the commit covers is sent `{ type: "ack", updates: n }`: the
 * output gate holds that message until the commit is durable, so an acknowledgement can never
 * arrive before what it acknowledges is stored.
 *
 * `n` counts the update-bearing sync frames (step 2 and update) the room accepted on that
 * connection since it opened, so a client that counts what it sent knows what is durable.
 *
 * @example
 * commits.accepted(update, { editor, at: Date.now(), fields: () => ["title"] }); // from the update handler
 * commits.received(connection);                                            // after the frame applied
 * commits.flush();                                                         // before a D1 draft read
 */
export class RoomCommits {
  readonly #c: RoomCommitsContext;
  #updates: Uint8Array[] = [];
  #queuedBytes = 0;
  #edits: PendingEdit[] = [];
  /**
   * Update frames accepted per connection (by id) and not yet acknowledged (memory; see
   * {@link received}). The connection is kept with its count, so an acknowledgement goes straight
   * to its author without a pass over every open socket. `lacking`: per client, the clock the
   * document must reach before the items its frames left held back are in it (and so in a commit).
   */
  #received = new Map<string, { connection: Connection; count: number; lacking: Map<number, number> | null }>();
  /** Per connection (by id), the count it was last acknowledged: what a new frame counts on from. */
  readonly #acked = new Map<string, number>();
  /**
   * Connections whose acknowledged count is not yet in their attachment. It is written there a
   * little later, at most once per {@link REMEMBER_MS} for all of them, not at every commit: the
   * attachment only matters after hibernation, and a room with a timer pending does not hibernate.
   */
  readonly #unremembered = new Map<string, Connection>();
  #timer: ReturnType<typeof setTimeout> | null = null;
  /** Acknowledgements held for an {@link RoomCommitsContext.ackGate}, sent in order once it has landed. */
  #held: Promise<void> | null = null;
  #rememberTimer: ReturnType<typeof setTimeout> | null = null;
  readonly #flushLater = () => {
    // The timer has fired: nothing to clear.
    this.#timer = null;
    this.flush();
  };
  readonly #rememberLater = () => this.#remember();

  constructor(context: RoomCommitsContext) {
    this.#c = context;
  }

  /** Queues an accepted update (and the edit it records) for the next commit. */
  accepted(update: Uint8Array, edit: PendingEdit | null): void {
    this.#updates.push(update);
    this.#queuedBytes += update.byteLength;
    if (edit) this.#edits.push(edit);
    this.#schedule();
  }

  /**
   * Counts one update-bearing frame the room accepted from `connection`. After hibernation the
   * count starts again from what the connection was last acknowledged (kept in its attachment):
   * a room only hibernates when nothing is waiting, so nothing was received after that. A frame
   * whose items the document held back (`lacking`, see `heldBack`: they wait for an item it has not
   * seen) is stored only once they are let in: until then that connection is not acknowledged
   * (counts are cumulative, so neither are its later frames).
   */
  received(connection: Connection, lacking: Map<number, number> | null = null): void {
    const entry = this.#received.get(connection.id) ?? { connection, count: this.#acked.get(connection.id) ?? stateOf(connection)?.acked ?? 0, lacking: null };
    entry.count += 1;
    for (const [client, clock] of lacking ?? []) {
      entry.lacking ??= new Map();
      entry.lacking.set(client, Math.max(clock, entry.lacking.get(client) ?? 0));
    }
    this.#received.set(connection.id, entry);
    this.#schedule();
  }

  /** Forgets a closed connection. */
  closed(connection: Connection): void {
    this.#received.delete(connection.id);
    this.#acked.delete(connection.id);
    this.#unremembered.delete(connection.id);
  }

  /**
   * Drops everything waiting, unstored and unacknowledged, and stops the timers: the record is
   * gone, so nothing may be told "saved" any more.
   */
  discard(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    if (this.#rememberTimer !== null) clearTimeout(this.#rememberTimer);
    this.#timer = this.#rememberTimer = null;
    this.#updates = [];
    this.#queuedBytes = 0;
    this.#edits = [];
    this.#received.clear();
    this.#unremembered.clear();
  }

  /**
   * Bytes of accepted updates not yet appended to storage. The document's size limit counts them:
   * on a busy machine several frames land before the commit turn, and each would otherwise be
   * measured against storage without the ones before it.
   */
  queuedBytes(): number {
    return this.#queuedBytes;
  }

  /** True when updates wait for their commit. */
  pending(): boolean {
    return this.#updates.length > 0 || this.#edits.length > 0;
  }

  /**
   * Commits now: appends every queued update, records the queued edits, and acknowledges every
   * author whose count moved. Called by the scheduled turn, and synchronously by anything that is
   * about to read the document for D1 or store a change of its own, so storage never lags what
   * leaves the room for D1.
   */
  flush(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    const updates = this.#updates;
    const edits = this.#edits;
    this.#updates = [];
    this.#queuedBytes = 0;
    this.#edits = [];
    if (updates.length > 0) this.#c.append(updates);
    for (const edit of edits) this.#c.edited(edit.editor, edit.at, edit.fields());
    this.#acknowledge();
  }

  /*
   * Takes the counts this commit covers off `#received` now (a frame arriving later counts on from
   * them), and sends them at once, or, while a gate or earlier held acknowledgements are out, after
   * them, so acknowledgements reach each author in order.
   */
  #acknowledge(): void {
    const due: { id: string; connection: Connection; count: number }[] = [];
    for (const [id, { connection, count, lacking }] of this.#received) {
      if (lacking && !this.#hasAll(lacking)) continue;
      this.#received.delete(id);
      this.#acked.set(id, count);
      due.push({ id, connection, count });
    }
    const gate = this.#c.ackGate?.() ?? null;
    if (gate === null && this.#held === null) return this.#send(due);
    const held = (this.#held ?? Promise.resolve()).then(() => gate).then(() => this.#send(due));
    this.#held = held;
    void held.then(() => {
      if (this.#held === held) this.#held = null;
    });
  }

  /* Whether the document has every item `lacking` waits for (a loop: this runs at every commit). */
  #hasAll(lacking: Map<number, number>): boolean {
    for (const [client, clock] of lacking) if (!this.#c.has(client, clock)) return false;
    return true;
  }

  #send(due: { id: string; connection: Connection; count: number }[]): void {
    for (const { id, connection, count } of due) {
      if (connection.readyState !== WebSocket.OPEN) continue;
      const event: RoomEvent = { type: "ack", updates: count };
      try {
        connection.send(`${CUSTOM_MESSAGE_PREFIX}${JSON.stringify(event)}`);
      } catch {
        // A connection closing under us gets no acknowledgement; its client resends on reconnect.
        continue;
      }
      this.#unremembered.set(id, connection);
      this.#rememberTimer ??= setTimeout(this.#rememberLater, REMEMBER_MS);
    }
  }

  /* Writes each acknowledged count that changed into its connection's attachment (read after hibernation). */
  #remember(): void {
    this.#rememberTimer = null;
    for (const [id, connection] of this.#unremembered) {
      const acked = this.#acked.get(id);
      if (acked === undefined || connection.readyState !== WebSocket.OPEN) continue;
      try {
        connection.setState((prev: RoomConnectionState) => ({ ...prev, acked }));
      } catch {
        // Closed meanwhile: nothing to restore after hibernation.
      }
    }
    this.#unremembered.clear();
  }

  #schedule(): void {
    if (this.#timer !== null) return;
    // A later turn, after the group-commit window: the broadcast of what arrived in this one leaves
    // before any write is issued, and what arrives within the window joins the same commit.
    this.#timer = setTimeout(this.#flushLater, this.#c.delayMs);
  }
}
