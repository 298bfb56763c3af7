import type { Connection } from "partyserver";
import { stateOf } from "./room-connection";
import type { RoomStore } from "./room-store";

const IDLE = "idle";

/**
 * Makes sure an idle check is due by `at` (an earlier one already set stays). Returns whether the
 * timer moved, so the caller re-arms the alarm only then.
 *
 * @example
 * if (scheduleIdleCheck(store, now + limits.handshakeMs)) arm();
 */
export function scheduleIdleCheck(store: RoomStore, at: number): boolean {
  const current = store.getTimer(IDLE);
  if (current && current.at <= at) return false;
  store.setTimer(IDLE, at);
  return true;
}

/**
 * Drops the idle check once nobody is connected: left set, its alarm would wake the emptied room
 * (loading its whole document) only to find no connection to look at. Returns whether one was set.
 *
 * @example
 * if (cancelIdleCheck(store)) arm();
 */
export function cancelIdleCheck(store: RoomStore): boolean {
  if (!store.getTimer(IDLE)) return false;
  store.clearTimer(IDLE);
  return true;
}

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
  const due = store.getTimer(IDLE);
  if (!due || due.at > now) return;
  store.clearTimer(IDLE);
  let next: number | null = null;
  for (const connection of connections) {
    const state = stateOf(connection);
    if (!state || state.spoke) continue;
    const deadline = state.connectedAt + handshakeMs;
    if (deadline <= now) evict(connection);
    else next = Math.min(next ?? deadline, deadline);
  }
  if (next !== null) store.setTimer(IDLE, next);
}
