import * as Y from "yjs";
import { isPositionKey, placeKeys } from "./position-key";

/*
 * The order of a list of entries in the room's document (a page's `sections`, a section's
 * `items`), the one rule the room, its D1 drafts and the browser editor all read a list by.
 *
 * An entry's place is its position key, `_pos` (`position-key.ts`), not its index in the
 * `Y.Array`: entries are read in key order, so a move only changes the moved entry's key, and the
 * entry's map and its shared texts stay the same objects (typing into an entry while another
 * editor moves it lands in the moved entry). An item without a key (a document stored before keys,
 * an insert by a client that does not set them) takes the key of the item before it in the array,
 * so a list without keys reads in array order. Items whose keys are equal keep their array order.
 */

/** The map key holding an entry's position key. */
export const POSITION_KEY = "_pos";

/**
 * The list's items in the order editors see and D1 stores.
 *
 * @example
 * orderedItems(doc.getArray("sections")) // [heroMap, featuresMap]
 */
export function orderedItems(array: Y.Array<unknown>): unknown[] {
  let inherited = "";
  const keyed = array.toArray().map((item, index) => {
    const own = ownKey(item);
    if (own !== null) inherited = own;
    return { item, key: inherited, index };
  });
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.index - b.index));
  return keyed.map(({ item }) => item);
}

/**
 * Puts the list's items in `order` (every item of the list, once) by their position keys: items
 * not in `moved` keep their keys where they can, the others get keys between their neighbours;
 * an item without a key gets one. The caller runs it inside a transaction.
 *
 * @example
 * const [a, b, c] = orderedItems(list);
 * reorder(list, [c, a, b], new Set([c])); // only c's key changes
 */
export function reorder(array: Y.Array<unknown>, order: readonly unknown[], moved: ReadonlySet<unknown>): void {
  const keys = placeKeys(order.map((item) => ({ key: ownKey(item), keep: !moved.has(item) })));
  order.forEach((item, i) => {
    if (item instanceof Y.Map && item.get(POSITION_KEY) !== keys[i]) item.set(POSITION_KEY, keys[i]);
  });
  // A value that is no entry (invalid content read from D1) cannot hold a key: it goes back into
  // the array right after the item it follows, whose key it takes.
  order.forEach((item, i) => {
    if (item instanceof Y.Map) return;
    const at = array.toArray().indexOf(item);
    if (at >= 0) array.delete(at, 1);
    array.insert(i === 0 ? 0 : array.toArray().indexOf(order[i - 1]) + 1, [item]);
  });
}

/**
 * Inserts `items` so that they are read at `index` of the list's order (clamped): into the array
 * after the item read before them, and, in a list that orders by keys, with keys between their
 * neighbours. The caller runs it inside a transaction.
 *
 * @example
 * insertOrdered(doc.getArray("sections"), 1, [newEntry(template)]);
 */
export function insertOrdered(array: Y.Array<unknown>, index: number, items: readonly unknown[]): void {
  const order = orderedItems(array);
  const at = Math.max(0, Math.min(index, order.length));
  const keyed = order.some((item) => ownKey(item) !== null);
  array.insert(at === 0 ? 0 : array.toArray().indexOf(order[at - 1]) + 1, [...items]);
  if (keyed) reorder(array, [...order.slice(0, at), ...items, ...order.slice(at)], new Set(items));
}

function ownKey(item: unknown): string | null {
  const key = item instanceof Y.Map ? item.get(POSITION_KEY) : undefined;
  return isPositionKey(key) ? key : null;
}
