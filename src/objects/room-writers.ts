import * as Y from "yjs";
import type { RoomConnectionState } from "../shared/room-identity";
import type { DecodedStructs } from "./room-wire";

/**
 * Most document client ids one connection is remembered writing under, newest kept: its own, and a
 * few from earlier sessions whose edits its device copy still sends. The attachment stays small.
 */
export const MAX_WRITERS_PER_CONNECTION = 16;

/**
 * The Yjs client ids an update writes new content under: those of its structs (items, and the
 * placeholders of deleted ones) that reach past what the document holds of that client. Structs the
 * document already has are skipped by Yjs, so they claim nothing; deletions carry no client id.
 *
 * @example
 * newWriters(doc, Y.decodeUpdate(update).structs) // [1234]
 */
export function newWriters(doc: Y.Doc, structs: DecodedStructs): number[] {
  const writers: number[] = [];
  for (const struct of structs) {
    if (struct instanceof Y.Skip) continue;
    const { client, clock } = struct.id;
    if (clock + struct.length > Y.getState(doc.store, client) && !writers.includes(client)) writers.push(client);
  }
  return writers;
}

/**
 * Whether a connection controls a client id: it wrote under it, or its presence uses it.
 *
 * @example
 * if (others.some((state) => controls(state, 1234))) dropEntry();
 */
export function controls(state: RoomConnectionState, clientID: number): boolean {
  return state.clients.includes(clientID) || (state.writes?.includes(clientID) ?? false);
}

/**
 * The first of `writers` that an open connection of another editor controls, or `null`. A client
 * id belongs to the first connection that uses it, until that connection closes; the same editor
 * may take over its own ids (a reconnect whose old socket has not closed yet), nobody else may:
 * items under another connection's id at its next clocks would make the room drop that editor's
 * own next edit while acknowledging it.
 *
 * @example
 * const foreign = foreignWriter([1234], state, otherStates);
 * if (foreign !== null) refuse(`client id ${foreign} is another editor's`);
 */
export function foreignWriter(writers: readonly number[], state: RoomConnectionState, others: () => Iterable<RoomConnectionState>): number | null {
  const unclaimed = writers.filter((client) => !controls(state, client));
  if (unclaimed.length === 0) return null;
  for (const other of others()) {
    if (other.editor.id === state.editor.id) continue;
    const taken = unclaimed.find((client) => controls(other, client));
    if (taken !== undefined) return taken;
  }
  return null;
}

/**
 * The connection's client ids after it wrote under `writers` (newest last, at most
 * {@link MAX_WRITERS_PER_CONNECTION}), or `null` when nothing changed (no attachment write). A
 * connection whose presence names its client id claims nothing by writing: what it sends under
 * other ids is relayed (a peer's edits the room lost in a restart, its own device copy's earlier
 * sessions), and claiming those would lock their author out of its own id once it reconnects.
 * Only a connection without presence is known by what it writes.
 *
 * @example
 * const writes = withWriters(state, [1234]); if (writes) connection.setState((prev) => ({ ...prev, writes }));
 */
export function withWriters(state: RoomConnectionState, writers: readonly number[]): number[] | null {
  if (state.clients.length > 0) return null;
  const known = state.writes ?? [];
  const added = writers.filter((client) => !known.includes(client));
  return added.length === 0 ? null : [...known, ...added].slice(-MAX_WRITERS_PER_CONNECTION);
}
