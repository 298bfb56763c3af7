import * as Y from "yjs";
import { newEntryId } from "../../shared/entry-id";
import { insertOrdered, orderedItems, reorder } from "../../shared/entry-order";

/*
 * Structure edits of a list in the room's document (a page's `sections`, a section's `items`): a
 * `Y.Array` of `Y.Map` entries, each with a stable `id`, read in position-key order
 * (`src/shared/entry-order.ts`); indices here are places in that order. Every edit is one
 * transaction under the caller's origin, so it travels through the room like typing does, merges
 * with concurrent edits elsewhere in the list, and an undo manager tracking that origin takes it
 * back. A move changes only the moved entry's position key: its map and texts stay, so typing into
 * it from another editor at the same moment lands in the moved entry.
 */

/** What a new entry starts with: its kind (none for a nested list's items), the keys holding text, and those holding a nested list. */
export interface EntryTemplate {
  type: string | null;
  texts: readonly string[];
  lists: readonly string[];
}

/**
 * A new, empty entry: a fresh id, an empty `Y.Text` per text key (so editors type into it in
 * place), an empty nested list per list key. Other slots (an image) stay absent until filled.
 *
 * @example
 * newEntry({ type: "hero", texts: ["heading", "text"], lists: [] }) // Y.Map { type: "hero", id: "k3v9…", heading: "", text: "" }
 */
export function newEntry(template: EntryTemplate): Y.Map<unknown> {
  const map = new Y.Map<unknown>();
  if (template.type !== null) map.set("type", template.type);
  map.set("id", newEntryId());
  for (const key of template.texts) map.set(key, new Y.Text());
  for (const key of template.lists) map.set(key, new Y.Array<unknown>());
  return map;
}

/**
 * Inserts `entry` at `index` of the list's order (clamped to the list).
 *
 * @example
 * insertEntry(doc.getArray("sections"), 1, newEntry(template), LOCAL_ORIGIN)
 */
export function insertEntry(list: Y.Array<unknown>, index: number, entry: Y.Map<unknown>, origin: unknown): void {
  transact(list, origin, () => insertOrdered(list, index, [entry]));
}

/**
 * Moves the entry at `from` to `to` (its index after the move) by giving it a new position key, in
 * one transaction (an entry of a list without keys yet gives every entry one). Returns false when
 * either index is outside the list.
 *
 * @example
 * moveEntry(doc.getArray("sections"), 2, 1, LOCAL_ORIGIN) // true: the third section is now second
 */
export function moveEntry(list: Y.Array<unknown>, from: number, to: number, origin: unknown): boolean {
  if (!inRange(list, from) || !inRange(list, to) || from === to) return false;
  const order = orderedItems(list);
  const [item] = order.splice(from, 1);
  order.splice(to, 0, item);
  transact(list, origin, () => reorder(list, order, new Set([item])));
  return true;
}

/**
 * Inserts a copy of the entry at `index` right after it, with a new id. Returns the copy's id, or
 * null when `index` is outside the list or the item is no entry.
 *
 * @example
 * duplicateEntry(doc.getArray("sections"), 0, LOCAL_ORIGIN) // "q8w2…"
 */
export function duplicateEntry(list: Y.Array<unknown>, index: number, origin: unknown): string | null {
  const item = inRange(list, index) ? orderedItems(list)[index] : null;
  if (!(item instanceof Y.Map)) return null;
  const copy = item.clone() as Y.Map<unknown>;
  const id = newEntryId();
  copy.set("id", id);
  transact(list, origin, () => insertOrdered(list, index + 1, [copy]));
  return id;
}

/**
 * Removes the entry at `index` of the list's order. Returns false when it is outside the list.
 *
 * @example
 * removeEntry(doc.getArray("sections"), 3, LOCAL_ORIGIN) // true
 */
export function removeEntry(list: Y.Array<unknown>, index: number, origin: unknown): boolean {
  if (!inRange(list, index)) return false;
  const item = orderedItems(list)[index];
  transact(list, origin, () => list.delete(list.toArray().indexOf(item), 1));
  return true;
}

const inRange = (list: Y.Array<unknown>, index: number) => Number.isInteger(index) && index >= 0 && index < list.length;

function transact(list: Y.Array<unknown>, origin: unknown, change: () => void): void {
  if (list.doc) list.doc.transact(change, origin);
  else change();
}
