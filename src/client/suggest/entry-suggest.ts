import * as Y from "yjs";
import { orderedItems, POSITION_KEY, reorder } from "../../shared/entry-order";
import { keyBetween } from "../../shared/position-key";
import { ENTRY_PROPOSED_POSITION, ENTRY_SUGGESTION, fieldOf, newSuggestionId, recordSuggestion, suggestionMeta, type SuggestionKind } from "./model";
import type { SuggestContext } from "./text-suggest";

/**
 * Marks `entry` as the new entry a suggestion proposes (`cms:suggest` = a new id, kind `add`);
 * the caller has inserted it, in the same transaction.
 *
 * @example
 * doc.transact(() => { insertEntry(list, 2, entry, origin); suggestAdd(entry, context); }, origin);
 */
export function suggestAdd(entry: Y.Map<unknown>, context: SuggestContext): void {
  mark(entry, "add", context);
}

/**
 * Proposes removing the entry at `index` of the list's order. The editor's own proposed entry is
 * simply taken out again; an entry with an open suggestion already stays as it is. Returns false
 * when `index` is outside the list.
 *
 * @example
 * suggestRemove(doc.getArray("sections"), 1, context, STRUCTURE_ORIGIN) // true
 */
export function suggestRemove(list: Y.Array<unknown>, index: number, context: SuggestContext, origin: unknown): boolean {
  const entry = orderedItems(list)[index];
  if (!(entry instanceof Y.Map)) return false;
  const open = list.doc ? suggestionMeta(list.doc, entry.get(ENTRY_SUGGESTION)) : null;
  transact(list, origin, () => {
    if (open?.kind === "add" && String(open.author) === String(context.who.id)) list.delete(list.toArray().indexOf(entry), 1);
    else if (!open) mark(entry, "remove", context);
  });
  return true;
}

/**
 * Proposes moving the entry at `from` to `to` (its index after the move): the entry keeps its
 * position key and gets the proposed one in `cms:pos`. Returns false when an index is outside the
 * list, the entry already has an open suggestion, or no key fits between the new neighbours.
 *
 * @example
 * suggestMove(doc.getArray("sections"), 2, 0, context, STRUCTURE_ORIGIN) // true
 */
export function suggestMove(list: Y.Array<unknown>, from: number, to: number, context: SuggestContext, origin: unknown): boolean {
  const order = orderedItems(list);
  const entry = order[from];
  if (!(entry instanceof Y.Map) || to < 0 || to >= order.length || from === to || entry.has(ENTRY_SUGGESTION)) return false;
  let moved = false;
  transact(list, origin, () => {
    // A list read in array order (no keys yet) gets keys for the order it has, so a key can say where to.
    if (order.some((item) => positionOf(item) === null)) reorder(list, order, new Set());
    const rest = order.filter((item) => item !== entry);
    const key = keyBetween(positionOf(rest[to - 1]), positionOf(rest[to]));
    if (key === null) return;
    mark(entry, "move", context);
    entry.set(ENTRY_PROPOSED_POSITION, key);
    moved = true;
  });
  return moved;
}

/**
 * The open suggestion on an entry, for showing it: its kind, author and time, or null.
 *
 * @example
 * entrySuggestion(sectionMap) // { id: "q8w2…", kind: "remove", author: 7, authorName: "Eve", … }
 */
export function entrySuggestion(entry: Y.Map<unknown>): ({ id: string } & NonNullable<ReturnType<typeof suggestionMeta>>) | null {
  const id = entry.get(ENTRY_SUGGESTION);
  const meta = entry.doc ? suggestionMeta(entry.doc, id) : null;
  return meta && typeof id === "string" ? { id, ...meta } : null;
}

function mark(entry: Y.Map<unknown>, kind: SuggestionKind, context: SuggestContext): void {
  const doc = entry.doc;
  if (!doc) return;
  const id = (context.newId ?? newSuggestionId)();
  recordSuggestion(doc, id, { kind, field: fieldOf(entry) ?? "", author: context.who.id, authorName: context.who.name, at: (context.now ?? (() => new Date().toISOString()))() });
  entry.set(ENTRY_SUGGESTION, id);
}

function positionOf(item: unknown): string | null {
  const key = item instanceof Y.Map ? item.get(POSITION_KEY) : null;
  return typeof key === "string" ? key : null;
}

function transact(list: Y.Array<unknown>, origin: unknown, change: () => void): void {
  if (list.doc) list.doc.transact(change, origin);
  else change();
}
