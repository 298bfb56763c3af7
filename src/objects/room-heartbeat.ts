import type { Connection } from "partyserver";
import type { RoomStore } from "./room-store";

const HEARTBEAT = "heartbeat";

/**
 * Makes sure a heartbeat check is due by `at` (an earlier one already set stays). Returns whether
 * the timer moved, so the caller re-arms the alarm only then.
 *
 * @example
 * if (scheduleHeartbeatCheck(store, now + limits.heartbeatTimeoutMs)) arm();
 */
export function scheduleHeartbeatCheck(store: RoomStore, at: number): boolean {
  const current = store.getTimer(HEARTBEAT);
  if (current && current.at <= at) return false;
  store.setTimer(HEARTBEAT, at);
  return true;
}

/**
 * Closes the connections whose heartbeat stopped: a client that pings (`HEARTBEAT_PING`, answered
 * by the runtime without waking the room) and then falls silent for `timeoutMs` lost its network,
 * and its close frame will never come, so its presence would otherwise stay on every other
 * editor's screen. Connections that never pinged (stock Yjs clients) are left alone. While any
 * connection beats, the next check is set a third of the timeout later.
 *
 * @example
 * closeStoppedHeartbeats(store, room.getConnections(), (c) => lastPing(c), Date.now(), 6000, evict);
 */
export function closeStoppedHeartbeats(
  store: RoomStore,
  connections: Iterable<Connection>,
  lastBeat: (connection: Connection) => number | null,
  now: number,
  timeoutMs: number,
  evict: (connection: Connection) => void,
): void {
  const due = store.getTimer(HEARTBEAT);
  if (!due || due.at > now) return;
  store.clearTimer(HEARTBEAT);
  let beating = false;
  for (const connection of connections) {
    const at = lastBeat(connection);
    if (at === null) continue;
    if (now - at > timeoutMs) evict(connection);
    else beating = true;
  }
  if (beating) store.setTimer(HEARTBEAT, now + Math.ceil(timeoutMs / 3));
}

/**
 * Drops the heartbeat check once nobody is connected, so it does not wake the emptied room.
 * Returns whether one was set.
 *
 * @example
 * if (cancelHeartbeatCheck(store)) arm();
 */
export function cancelHeartbeatCheck(store: RoomStore): boolean {
  if (!store.getTimer(HEARTBEAT)) return false;
  store.clearTimer(HEARTBEAT);
  return true;
}
