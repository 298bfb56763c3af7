import type { Connection } from "partyserver";
import { stateOf } from "./room-connection";
import type { RoomStore } from "./room-store";

/** The room's timer that closes connections which never spoke (`RoomStore.setTimerBy` / `dropTimer`). */
export const IDLE_CHECK = "idle";

/**
 * Closes connections that never spoke within `handshakeMs` of connecting (a client that connects and
 * never speaks holds a slot for nothing) and sets the next check for those still inside the window.
 * Kept in storage, so the check survives hibernation.
 *
 * @example
 * closeSilentConnections(store, room.getConnections(), limits.handshakeMs, Date.now(), evict);
 */
export function closeSilentConnections(
  store: RoomStore,
  connections: Iterable<Connection>,
  handshakeMs: number,
  now: number,
  evict: (connection: Connection) => void,
): void {
  const due = store.getTimer(IDLE_CHECK);
  if (!due || due.at > now) return;
  store.clearTimer(IDLE_CHECK);
  let next: number | null = null;
  for (const connection of connections) {
    const state = stateOf(connection);
    if (!state || state.spoke) continue;
    const deadline = state.connectedAt + handshakeMs;
    if (deadline <= now) evict(connection);
    else next = Math.min(next ?? deadline, deadline);
  }
  if (next !== null) store.setTimer(IDLE_CHECK, next);
}
