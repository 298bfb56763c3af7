import type { Connection } from "partyserver";

/**
 * The room's open connections without reading every socket's attachment each time. partyserver's
 * own iterator deserializes each socket's whole attachment (the editor, their presence) to tell
 * its sockets from others, on every call, and y-partyserver calls it for every update it
 * broadcasts. A socket partyserver has already wrapped is the same object on every
 * `getWebSockets()` (the wrapper is defined on the socket itself), so once seen it is simply
 * yielded; a socket not seen yet (after hibernation, or a new one) sends the whole call through
 * partyserver's iterator once, which wraps it.
 *
 * @example
 * const sockets = new KnownSockets();
 * sockets.open(ctx.getWebSockets(tag), () => super.getConnections(tag)); // in getConnections
 */
export class KnownSockets {
  readonly #known = new WeakSet<WebSocket>();

  /** Whether partyserver has wrapped `socket` as a connection of this room (so it is one of its own). */
  has(socket: WebSocket): boolean {
    return this.#known.has(socket);
  }

  /** Open connections among `sockets`; `wrap` is partyserver's iterator over the same sockets. */
  open<T>(sockets: WebSocket[], wrap: () => Iterable<Connection<T>>): Connection<T>[] {
    const open: Connection<T>[] = [];
    for (const socket of sockets) {
      if (!this.#known.has(socket)) return this.#wrapAll(wrap);
      if (socket.readyState === WebSocket.READY_STATE_OPEN) open.push(socket as Connection<T>);
    }
    return open;
  }

  /**
   * Records a connection partyserver has just accepted (and wrapped): otherwise the first listing
   * after each join would send the call through partyserver's iterator, reading every socket's
   * attachment, so the joins of a crowd of N would read N² attachments.
   */
  know(connection: Connection): void {
    this.#known.add(connection);
  }

  #wrapAll<T>(wrap: () => Iterable<Connection<T>>): Connection<T>[] {
    const open = [...wrap()];
    for (const connection of open) this.#known.add(connection);
    return open;
  }
}

/**
 * Sends `message` to every open connection among `connections` except `except` (the author of
 * what it carries, who has it already); a socket closing under us is skipped, its close handles it.
 *
 * @example
 * sendToOthers(this.getConnections(), encodeUpdateMessage(update), author);
 */
export function sendToOthers(connections: Iterable<Connection>, message: Uint8Array | string, except: unknown = null): void {
  for (const connection of connections) {
    if (connection === except || connection.readyState !== WebSocket.OPEN) continue;
    try {
      connection.send(message);
    } catch {
      // Closing under us.
    }
  }
}
