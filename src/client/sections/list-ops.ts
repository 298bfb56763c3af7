import * as Y from "yjs";
import { newEntryId } from "../../shared/entry-id";

/*
 * Structure edits of a list in the room's document (a page's `sections`, a section's `items`): a
 * `Y.Array` of `Y.Map` entries, each with a stable `id`. Every edit is a Y.Array operation in one
 * transaction under the caller's origin, so it travels through the room like typing does, merges
 * with concurrent edits elsewhere in the list, and an undo manager tracking that origin takes it back.
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
 * Inserts `entry` at `index` (clamped to the list).
 *
 * @example
 * insertEntry(doc.getArray("sections"), 1, newEntry(template), LOCAL_ORIGIN)
 */
export function insertEntry(list: Y.Array<unknown>, index: number, entry: Y.Map<unknown>, origin: unknown): void {
  transact(list, origin, () => list.insert(Math.max(0, Math.min(index, list.length)), [entry]));
}

/**
 * Moves the entry at `from` to `to` (its index after the move): a delete and an insert of a copy
 * with the same id, in one transaction. Returns false when either index is outside the list.
 *
 * @example
 * moveEntry(doc.getArray("sections"), 2, 1, LOCAL_ORIGIN) // true: the third section is now second
 */
export function moveEntry(list: Y.Array<unknown>, from: number, to: number, origin: unknown): boolean {
  if (!inRange(list, from) || !inRange(list, to) || from === to) return false;
  // Copied before the delete: a deleted map reads as empty.
  const copy = copyOf(list.get(from));
  transact(list, origin, () => {
    list.delete(from, 1);
    list.insert(to, [copy]);
  });
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
  const item = inRange(list, index) ? list.get(index) : null;
  if (!(item instanceof Y.Map)) return null;
  const copy = item.clone() as Y.Map<unknown>;
  const id = newEntryId();
  copy.set("id", id);
  transact(list, origin, () => list.insert(index + 1, [copy]));
  return id;
}

/**
 * Removes the entry at `index`. Returns false when it is outside the list.
 *
 * @example
 * removeEntry(doc.getArray("sections"), 3, LOCAL_ORIGIN) // true
 */
export function removeEntry(list: Y.Array<unknown>, index: number, origin: unknown): boolean {
  if (!inRange(list, index)) return false;
  transact(list, origin, () => list.delete(index, 1));
  return true;
}

const inRange = (list: Y.Array<unknown>, index: number) => Number.isInteger(index) && index >= 0 && index < list.length;

function copyOf(item: unknown): unknown {
  return item instanceof Y.AbstractType ? item.clone() : item;
}

function transact(list: Y.Array<unknown>, origin: unknown, change: () => void): void {
  if (list.doc) list.doc.transact(change, origin);
  else change();
}
