import * as Y from "yjs";
import { ENTRY_KEYS, type EntryFieldShape, type ListShape } from "../cores/list-shape";
import { isEntryId, newEntryId } from "../shared/entry-id";
import { orderedItems, POSITION_KEY } from "../shared/entry-order";
import { draftText, isProposedEntry, isReviewKey } from "../shared/suggestion-draft";

/*
 * A list of entries in the room document, read and written: a `Y.Array` of `Y.Map`s, each with a
 * stable string `id`, read in the order of their position keys (`src/shared/entry-order.ts`). Text
 * fields are `Y.Text` (merged by character), nested lists nested arrays of maps, everything else
 * one atomic value. Merging into one is `room-lists.ts`.
 */

/** One entry as plain JSON. */
export type Entry = Record<string, unknown>;

/**
 * The list as plain JSON, in its entries' order, keys in a fixed order (`type`, `id`, then as
 * declared, then the rest by name; the position key is the order itself, not content), so equal
 * content always reads as equal JSON. It is the draft's reading: an entry proposed to be added is
 * absent, one proposed for removal or a move present where it was, suggested text as the draft
 * holds it (`src/shared/suggestion-draft.ts`).
 *
 * @example
 * readList(doc.getArray("sections"), shape) // [{ type: "hero", id: "k3v9…", heading: "Hi" }]
 */
export function readList(array: Y.Array<unknown>, shape: ListShape): unknown[] {
  return orderedItems(array)
    .filter((item) => !(item instanceof Y.Map && isProposedEntry(item)))
    .map((item) => (item instanceof Y.Map ? readEntry(item, shape) : plain(item)));
}

/**
 * One entry as plain JSON, keys in the list's fixed order.
 *
 * @example
 * readEntry(doc.getArray("sections").get(0), shape) // { type: "hero", id: "k3v9…", heading: "Hi" }
 */
export function readEntry(map: Y.Map<unknown>, shape: ListShape): Entry {
  const entry: Entry = {};
  for (const key of orderedKeys(map.keys(), shape)) {
    const value = map.get(key);
    const field = shape.fields.get(key);
    entry[key] = value instanceof Y.Array && field?.kind === "list" ? readList(value, field.list) : value instanceof Y.Text ? draftText(value) : plain(value);
  }
  return entry;
}

function orderedKeys(keys: Iterable<string>, shape: ListShape): string[] {
  const present = new Set(keys);
  present.delete(POSITION_KEY);
  for (const key of present) if (isReviewKey(key)) present.delete(key);
  const declared = [...ENTRY_KEYS, ...shape.fields.keys()].filter((key) => present.has(key));
  const rest = [...present].filter((key) => !declared.includes(key)).sort();
  return [...declared, ...rest];
}

/**
 * A value of the document as plain JSON (`undefined` reads as `null`).
 *
 * @example
 * plain(new Y.Text("Hi")) // "Hi"
 */
export function plain(value: unknown): unknown {
  if (value instanceof Y.AbstractType) return value.toJSON();
  return value === undefined ? null : value;
}

/**
 * Entries as the room holds them: each a `Y.Map` with an `id` (a fresh one when it has none, or
 * a duplicate), text fields as `Y.Text`, nested lists as nested arrays. A value that is not an
 * entry (invalid content read from D1) is kept as one atomic item, so nothing is lost.
 *
 * @example
 * doc.getArray("sections").insert(0, toEntries([{ type: "hero", heading: "Hi" }], shape));
 */
export function toEntries(values: readonly unknown[], shape: ListShape): unknown[] {
  const seen = new Set<string>();
  return values.map((value) => {
    if (!isEntry(value)) return value;
    const id = isEntryId(value.id) && !seen.has(value.id) ? value.id : newEntryId();
    seen.add(id);
    return toMap(value, shape, id);
  });
}

function toMap(entry: Entry, shape: ListShape, id: string): Y.Map<unknown> {
  const map = new Y.Map<unknown>();
  for (const key of orderedKeys(Object.keys(entry), shape)) {
    if (key === "id" || entry[key] === undefined) continue;
    map.set(key, toValue(entry[key], shape.fields.get(key)));
  }
  map.set("id", id);
  return map;
}

/**
 * A field's value as the document holds it: a text field's string as `Y.Text`, a list as entries,
 * anything else a copy of the value.
 *
 * @example
 * toValue("Hi", { kind: "text" }) // Y.Text "Hi"
 */
export function toValue(value: unknown, field: EntryFieldShape | undefined): unknown {
  if (field?.kind === "text" && typeof value === "string") return new Y.Text(value);
  if (field?.kind === "list" && Array.isArray(value)) {
    const array = new Y.Array<unknown>();
    array.insert(0, toEntries(value, field.list));
    return array;
  }
  return structuredClone(value);
}

/**
 * Whether a value is an entry (a plain object).
 *
 * @example
 * isEntry({ type: "hero" }) // true
 */
export function isEntry(value: unknown): value is Entry {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
