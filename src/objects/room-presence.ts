import { isPresenceState } from "../shared/presence-shape";
import type { RoomConnectionState } from "../shared/room-identity";
import type { AwarenessEntry } from "./room-wire";

/** How many awareness client ids one connection may control (one per tab's Yjs doc, with slack). */
export const MAX_CLIENTS_PER_CONNECTION = 4;

/** Largest presence entry kept on the connection for restoring after hibernation. */
const MAX_STORED_PRESENCE = 1024;

/** What {@link admitPresence} decided for one awareness message. */
export interface PresenceDecision {
  /** Entries to apply, each carrying the server-given `user`. */
  entries: AwarenessEntry[];
  /** The connection's client ids after this message. */
  clients: number[];
  /** The entry to store on the connection (or `undefined` to keep the stored one). */
  presence: RoomConnectionState["presence"];
}

/**
 * Applies the presence rules to an awareness message from one connection: a state of the wrong shape
 * (`isPresenceState`: a cursor that is not two relative positions, say) is dropped, so it never
 * reaches another editor's page; an entry for a client id
 * another connection controls is dropped (so nobody can change or clear someone else's presence);
 * an entry for an id the connection does not control yet that is a removal, or a state the room
 * stamped for another editor, is dropped too: stock clients send back every awareness change they
 * receive, and such an echo arriving after its owner left must not make the echoing connection the
 * owner of that id (its owner could not write under it again, see `room-writers.ts`);
 * a connection controls at most {@link MAX_CLIENTS_PER_CONNECTION} ids; and every non-null state's
 * `user` is replaced by the identity the Worker gave the connection (name, colour, editor id),
 * whatever the client claimed.
 *
 * @example
 * const { entries } = admitPresence(state, incoming, (id) => ownerOf(id));
 */
export function admitPresence(
  state: RoomConnectionState,
  incoming: AwarenessEntry[],
  ownedElsewhere: (clientID: number) => boolean,
): PresenceDecision {
  const clients = new Set(state.clients);
  const entries: AwarenessEntry[] = [];
  let presence = state.presence;
  for (const entry of incoming) {
    if (entry.state !== null && !isPresenceState(entry.state)) continue;
    if (!clients.has(entry.clientID)) {
      if (entry.state === null || isEcho(entry.state, state.editor.id)) continue;
      if (ownedElsewhere(entry.clientID) || clients.size >= MAX_CLIENTS_PER_CONNECTION) continue;
      clients.add(entry.clientID);
    }
    const user = { name: state.editor.name, color: state.color, id: state.editor.id };
    const admitted = { ...entry, state: entry.state === null ? null : { ...entry.state, user } };
    entries.push(admitted);
    if (JSON.stringify(admitted).length <= MAX_STORED_PRESENCE) presence = admitted;
  }
  return { entries, clients: [...clients], presence };
}

/* A state carrying the identity the room gave another editor's connection: sent back, not one's own. */
function isEcho(state: Record<string, unknown>, editorId: string): boolean {
  const user = state.user;
  return typeof user === "object" && user !== null && typeof (user as { id?: unknown }).id === "string" && (user as { id: string }).id !== editorId;
}

/**
 * Whether an awareness message (its `[clientID, clock]` entries, see `awarenessClocks`) only sends
 * back states the room already holds: every entry is for a client id the connection does not
 * control, at a clock the room has already seen for it. Stock clients send back every awareness
 * change they receive, so in a room of N editors each cursor move comes back N-1 times; such an
 * echo carries nothing, and counted against its sender's message budget it would close every
 * editor of a crowd for the others' cursor moves. An empty message is not an echo.
 *
 * @example
 * if (isStaleEcho(awarenessClocks(bytes), state.clients, (id) => awareness.meta.get(id)?.clock)) return;
 */
export function isStaleEcho(entries: readonly [number, number][] | null, own: readonly number[], clockOf: (clientID: number) => number | undefined): boolean {
  if (!entries || entries.length === 0) return false;
  return entries.every(([clientID, clock]) => !own.includes(clientID) && clock <= (clockOf(clientID) ?? -1));
}
