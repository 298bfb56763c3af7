import type { Connection } from "partyserver";
import type { RoomStore } from "./room-store";

/** The room's timer that looks for stopped heartbeats (`RoomStore.setTimerBy` / `dropTimer`). */
export const HEARTBEAT_CHECK = "heartbeat";

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
  const due = store.getTimer(HEARTBEAT_CHECK);
  if (!due || due.at > now) return;
  store.clearTimer(HEARTBEAT_CHECK);
  let beating = false;
  for (const connection of connections) {
    const at = lastBeat(connection);
    if (at === null) continue;
    if (now - at > timeoutMs) evict(connection);
    else beating = true;
  }
  if (beating) store.setTimer(HEARTBEAT_CHECK, now + Math.ceil(timeoutMs / 3));
}
