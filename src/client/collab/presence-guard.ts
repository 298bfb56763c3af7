import type { Awareness } from "y-protocols/awareness";
import { isPresenceState } from "../../shared/presence-shape";

const guarded = new WeakSet<Awareness>();

/**
 * Keeps other editors' awareness states that break the presence shape (`isPresenceState`) out of
 * what this page draws: such a state keeps its editor listed but loses its `cursor` and `field`,
 * before y-prosemirror's cursor plugin (which throws on a malformed relative position) or the field
 * overlay reads it. The room drops these states already; this covers a room of another release.
 * Call it before any reader subscribes (its `change` listener must run first); a second call on the
 * same awareness does nothing.
 *
 * @example
 * guardPresence(provider.awareness);
 * const plugins = [ySyncPlugin(fragment), yCursorPlugin(provider.awareness)];
 */
export function guardPresence(awareness: Awareness): void {
  if (guarded.has(awareness)) return;
  guarded.add(awareness);
  const clean = () => {
    for (const [clientID, state] of awareness.getStates()) {
      if (clientID === awareness.clientID || isPresenceState(state)) continue;
      const user = state !== null && typeof state === "object" ? (state as { user?: unknown }).user : undefined;
      awareness.getStates().set(clientID, user === undefined ? {} : { user });
    }
  };
  clean();
  awareness.on("change", clean);
}
