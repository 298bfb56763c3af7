import type { Connection } from "partyserver";
import type { RoomConnectionState } from "../shared/room-identity";
import { stateOf } from "./room-connection";
import { controls } from "./room-writers";

/**
 * Which open connections control each Yjs client id (their presence uses it, or they wrote under
 * it: `controls` in `room-writers.ts`), so that asking who owns an id costs the id's owners rather
 * than a walk over every connection: in a crowd, every join asks once for its new id, and a walk
 * each time made the joins of N editors cost N². The attachments stay the truth (a woken room
 * reads them, so the index is rebuilt from them on first use); the index only has to hold every
 * owner, so each candidate it names is checked against its attachment before it counts, and one
 * that no longer controls the id (closed, or the id aged out of its `writes`) is forgotten then.
 *
 * @example
 * const owners = new ClientOwners(() => this.getConnections());
 * owners.claim(connection); // after every change to its `clients` or `writes`
 * if (owners.ownedElsewhere(connection, 1234)) dropEntry();
 */
export class ClientOwners {
  readonly #owners = new Map<number, Set<Connection>>();
  #built = false;

  constructor(private readonly connections: () => Iterable<Connection>) {}

  /** Records the ids the connection controls now (call after its state changed). */
  claim(connection: Connection): void {
    this.#build();
    const state = stateOf(connection);
    if (state) this.#add(connection, state);
  }

  /** Forgets a connection that closed (or is being closed), under every id it controlled. */
  release(connection: Connection, state: RoomConnectionState | null): void {
    if (!this.#built || !state) return;
    for (const client of idsOf(state)) {
      const owners = this.#owners.get(client);
      owners?.delete(connection);
      if (owners?.size === 0) this.#owners.delete(client);
    }
  }

  /** Whether an open connection other than `self` controls `clientID`. */
  ownedElsewhere(self: Connection, clientID: number): boolean {
    for (const _state of this.#holders(self, clientID)) return true;
    return false;
  }

  /** The state of each open connection other than `self` that controls any of `clients`. */
  *statesControlling(self: Connection, clients: readonly number[]): Generator<RoomConnectionState> {
    const seen = new Set<Connection>();
    for (const client of clients) {
      for (const [connection, state] of this.#holders(self, client)) {
        if (seen.has(connection)) continue;
        seen.add(connection);
        yield state;
      }
    }
  }

  *#holders(self: Connection, clientID: number): Generator<[Connection, RoomConnectionState]> {
    this.#build();
    const owners = this.#owners.get(clientID);
    if (!owners) return;
    for (const connection of [...owners]) {
      const state = connection.readyState === WebSocket.OPEN ? stateOf(connection) : null;
      if (!state || !controls(state, clientID)) {
        owners.delete(connection);
        continue;
      }
      if (connection.id !== self.id) yield [connection, state];
    }
    if (owners.size === 0) this.#owners.delete(clientID);
  }

  #build(): void {
    if (this.#built) return;
    this.#built = true;
    for (const connection of this.connections()) {
      const state = stateOf(connection);
      if (state) this.#add(connection, state);
    }
  }

  #add(connection: Connection, state: RoomConnectionState): void {
    for (const client of idsOf(state)) {
      let owners = this.#owners.get(client);
      if (!owners) this.#owners.set(client, (owners = new Set()));
      owners.add(connection);
    }
  }
}

function idsOf(state: RoomConnectionState): number[] {
  return [...state.clients, ...(state.writes ?? [])];
}
