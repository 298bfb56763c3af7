import type YProvider from "y-partyserver/provider";

/**
 * Makes `provider` send only this client's own presence. y-partyserver's provider sends every
 * awareness change it sees, other editors' included: each cursor move an editor received went
 * back to the room, so in a room of N editors every move reached it N times (once from its author,
 * then from each of the others), all of it for the room to drop. The own state still goes out on
 * each of its changes, and when a peer's message removed it (Yjs then renews it with a new clock).
 * The handler is swapped on the provider itself, so its `destroy` removes this one.
 *
 * @example
 * const provider = new YProvider(host, room, doc, options);
 * sendOwnPresenceOnly(provider);
 */
export function sendOwnPresenceOnly(provider: YProvider): void {
  const { awareness } = provider;
  const send = provider._awarenessUpdateHandler;
  awareness.off("change", send);
  const own = (clients: number[]) => clients.filter((clientID) => clientID === awareness.clientID);
  provider._awarenessUpdateHandler = ({ added, updated, removed }, origin) => {
    const changes = { added: own(added), updated: own(updated), removed: own(removed) };
    if (changes.added.length + changes.updated.length + changes.removed.length > 0) send(changes, origin);
  };
  awareness.on("change", provider._awarenessUpdateHandler);
}
