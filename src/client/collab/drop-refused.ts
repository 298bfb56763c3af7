import * as Y from "yjs";

/** Transaction origin of the change that takes refused items back out of the document. */
export const REFUSED_ORIGIN = Symbol("cms-refused-change");

/**
 * Deletes exactly the items the room refused (`[client, clock, length]` ranges from a `refused`
 * event) and nothing else, as one local transaction. Deleted content is garbage-collected to
 * tombstones, so the next handshake sends the room only that it is gone, which the room accepts;
 * the device copy stores the same deletion, so a reload does not bring the refused change back.
 * Returns how many items were removed.
 *
 * @example
 * provider.on("custom-message", (raw) => { const e = parseRoomEvent(raw); if (e?.type === "refused") dropRefused(doc, e.items); });
 */
export function dropRefused(doc: Y.Doc, items: readonly (readonly [number, number, number])[]): number {
  let removed = 0;
  doc.transact((transaction) => {
    for (const range of items) {
      const [client, start, length] = range;
      if (![client, start, length].every((n) => Number.isSafeInteger(n) && n >= 0)) continue;
      const end = start + length;
      const known = doc.store.clients.get(client);
      const last = known?.[known.length - 1];
      if (!last || start >= last.id.clock + last.length) continue;
      const limit = Math.min(end, last.id.clock + last.length);
      // Split at the far end first, so an item merged with later typing keeps that typing.
      if (limit < last.id.clock + last.length && isItemAt(doc, client, limit)) Y.getItemCleanStart(transaction, Y.createID(client, limit));
      for (let clock = start; clock < limit; ) {
        const struct = isItemAt(doc, client, clock) ? Y.getItemCleanStart(transaction, Y.createID(client, clock)) : Y.getItem(doc.store, Y.createID(client, clock));
        if (struct instanceof Y.Item && !struct.deleted) {
          struct.delete(transaction);
          removed += 1;
        }
        clock = struct.id.clock + struct.length;
      }
    }
  }, REFUSED_ORIGIN);
  return removed;
}

/** Whether the struct holding `clock` of `client` is an item (not garbage-collected). */
function isItemAt(doc: Y.Doc, client: number, clock: number): boolean {
  return Y.getItem(doc.store, Y.createID(client, clock)) instanceof Y.Item;
}
