import { isAuthoredBy } from "../shared/editor-id";
import * as Y from "yjs";
import {
  isSuggestionId,
  SUGGESTION_META_KEYS,
  SUGGESTIONS_ROOT,
  suggestionValueProblem,
  type SuggestionMeta,
} from "../shared/review-suggestions";
import { itemsDeletedBy, type DecodedDeletes } from "./room-wire";

/*
 * What a client may write into `cms:suggestions` (docs/room-protocol.md): a new entry, a `Y.Map`
 * under a suggestion id never used in this document, holding exactly the metadata keys with valid
 * values, whose `author` is the connection's own editor. Nothing else: an entry is never changed
 * or deleted by a client, because only the room settles a suggestion (accept or reject, under its
 * lock). The marks that point at an entry are checked where their field is (room-guard-rules.ts).
 */

/** How the suggestion rules see one item of an update: where it sits and what it holds. */
export interface SuggestionItem {
  item: Y.Item;
  /** Its key in a map: the suggestion id (depth 0) or a metadata key (depth 1). */
  sub: string | null;
  depth: number;
  /** The entry (depth 1) or the item itself (depth 0) is new in this update. */
  newEntry: Y.ID | null;
}

/**
 * Why the suggestion items of one update are refused, or `null`. `items` are the update's items
 * under `cms:suggestions`; `editorId` is the connection's editor.
 *
 * @example
 * refusedSuggestions(doc, items, "3") // "a suggestion's author must be the editor who makes it"
 */
export function refusedSuggestions(doc: Y.Doc, items: readonly SuggestionItem[], editorId: string | undefined): string | null {
  const root = doc.getMap<unknown>(SUGGESTIONS_ROOT);
  const keysOf = new Map<string, Set<string>>();
  for (const { item, sub, depth, newEntry } of items) {
    if (item.content instanceof Y.ContentDeleted) continue;
    if (depth === 0) {
      if (!isSuggestionId(sub)) return `${SUGGESTIONS_ROOT}: a suggestion id is 1 to 64 letters, digits, _ or -`;
      // `_map` keeps deleted keys too: a settled suggestion's id is never used again.
      if (root._map.has(sub)) return `${SUGGESTIONS_ROOT}: suggestion ${sub} exists; only the room settles a suggestion`;
      if (!(item.content instanceof Y.ContentType && item.content.type instanceof Y.Map)) return `${SUGGESTIONS_ROOT}: a suggestion is a Y.Map`;
      keysOf.set(idKey(item.id), new Set());
      continue;
    }
    if (depth > 1 || newEntry === null) return `${SUGGESTIONS_ROOT}: only the room changes a suggestion`;
    if (sub === null) return `${SUGGESTIONS_ROOT}: a suggestion holds named values only`;
    const value = item.content instanceof Y.ContentAny && item.content.arr.length === 1 ? item.content.arr[0] : undefined;
    const problem = suggestionValueProblem(sub, value);
    if (problem) return `${SUGGESTIONS_ROOT}: ${problem}`;
    if (sub === "author" && (editorId === undefined || !isAuthoredBy(value, editorId))) return `${SUGGESTIONS_ROOT}: a suggestion's author must be the editor who makes it`;
    const keys = keysOf.get(idKey(newEntry));
    if (!keys) return `${SUGGESTIONS_ROOT}: only the room changes a suggestion`;
    keys.add(sub);
  }
  for (const keys of keysOf.values()) {
    const missing = SUGGESTION_META_KEYS.find((key: keyof SuggestionMeta) => !keys.has(key));
    if (missing) return `${SUGGESTIONS_ROOT}: a suggestion needs its ${missing}`;
  }
  return null;
}

/**
 * Why an update's deletions are refused: it deletes something the room holds under
 * `cms:suggestions` (only the room settles a suggestion), or `null`.
 *
 * @example
 * refusedSuggestionDeletes(doc, parsed.deletes) // "cms:suggestions: only the room settles a suggestion"
 */
export function refusedSuggestionDeletes(doc: Y.Doc, deletes: DecodedDeletes | null): string | null {
  if (!deletes || !doc.share.has(SUGGESTIONS_ROOT)) return null;
  const root = doc.getMap<unknown>(SUGGESTIONS_ROOT);
  for (const item of itemsDeletedBy(doc, deletes)) {
    if (!item.deleted && isUnder(item, root)) return `${SUGGESTIONS_ROOT}: only the room settles a suggestion`;
  }
  return null;
}

function isUnder(item: Y.Item, root: unknown): boolean {
  let parent: unknown = item.parent;
  while (parent instanceof Y.AbstractType) {
    if (parent === root) return true;
    parent = parent._item?.parent ?? null;
  }
  return false;
}

function idKey(id: Y.ID): string {
  return `${id.client}:${id.clock}`;
}
