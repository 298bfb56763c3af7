import type { Connection } from "partyserver";
import type { RoomStore } from "./room-store";

/** The room's timer that looks for stopped heartbeats (`RoomStore.setTimerBy` / `dropTimer`). */
export const HEARTBEAT_CHECK = "heartbeat";

/**
 * Closes the connections whose heartbeat stopped: a client that pings (`HEARTBEAT_PING`, answered
 * by the runtime without waking the room) and then falls silent for `timeoutMs` lost its network,
 * and its close frame will never come, so its presence would otherwise stay on every other
 * editor's screen. Connections that never pinged (stock Yjs clients) are left alone. While any
 * connection beats, the next check is set where the oldest last beat would time out (the first
 * moment one could have stopped), not at a fixed fraction of the timeout: a room of beating
 * clients then wakes about once per timeout.
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
  const due = store.getTimer(HEARTBEAT_CHECK);
  if (!due || due.at > now) return;
  store.clearTimer(HEARTBEAT_CHECK);
  let oldest: number | null = null;
  for (const connection of connections) {
    const at = lastBeat(connection);
    if (at === null) continue;
    if (now - at > timeoutMs) evict(connection);
    else oldest = Math.min(oldest ?? at, at);
  }
  // One past the timeout: a beat exactly `timeoutMs` old has not stopped yet (see above).
  if (oldest !== null) store.setTimer(HEARTBEAT_CHECK, Math.max(oldest + timeoutMs + 1, now + 1));
}
