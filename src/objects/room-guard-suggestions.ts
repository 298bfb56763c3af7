import { isAuthoredBy } from "../shared/editor-id";
import * as Y from "yjs";
import {
  isSuggestionId,
  RETYPE_FROM,
  retypeFromProblem,
  SUGGESTION_META_KEYS,
  SUGGESTIONS_ROOT,
  suggestionValueProblem,
  type SuggestionKind,
  type SuggestionMeta,
} from "../shared/review-suggestions";
import { itemsDeletedBy, type DecodedDeletes } from "./room-wire";

/*
 * What a client may write into `cms:suggestions` (docs/room-protocol.md): a new entry, a `Y.Map`
 * under a suggestion id never used in this document, holding exactly the metadata keys with valid
 * values (and, for a `retype` only, its `from`), whose `author` is the connection's own editor. Nothing else: an entry is never changed
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
  const keysOf = new Map<string, Map<string, unknown>>();
  for (const { item, sub, depth, newEntry } of items) {
    if (item.content instanceof Y.ContentDeleted) continue;
    if (depth === 0) {
      if (!isSuggestionId(sub)) return `${SUGGESTIONS_ROOT}: a suggestion id is 1 to 64 letters, digits, _ or -`;
      // `_map` keeps deleted keys too: a settled suggestion's id is never used again.
      if (root._map.has(sub)) return `${SUGGESTIONS_ROOT}: suggestion ${sub} exists; only the room settles a suggestion`;
      if (!(item.content instanceof Y.ContentType && item.content.type instanceof Y.Map)) return `${SUGGESTIONS_ROOT}: a suggestion is a Y.Map`;
      keysOf.set(idKey(item.id), new Map());
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
    keys.set(sub, value);
  }
  for (const keys of keysOf.values()) {
    const missing = SUGGESTION_META_KEYS.find((key: keyof SuggestionMeta) => !keys.has(key));
    if (missing) return `${SUGGESTIONS_ROOT}: a suggestion needs its ${missing}`;
    const from = retypeFromProblem(keys.get("kind"), keys.has(RETYPE_FROM));
    if (from) return `${SUGGESTIONS_ROOT}: ${from}`;
  }
  return null;
}

/** A block attribute (`cms:split`, `cms:join` or `cms:retype`) an update sets, with the suggestion it names. */
export interface BlockSuggestion {
  id: string;
  kind: SuggestionKind;
  attribute: string;
}

/**
 * Why an update's block suggestion attributes are refused, or `null`: each names an open
 * suggestion (in the document, or new in this update) of the attribute's kind whose author is the
 * connection's editor, as a text mark's suggestion is the suggesting client's own. `items` are
 * the update's items under `cms:suggestions`, already judged by `refusedSuggestions`.
 *
 * @example
 * refusedBlockSuggestions(doc, items, [{ id: "s1", kind: "split", attribute: "cms:split" }], "3") // null
 */
export function refusedBlockSuggestions(doc: Y.Doc, items: readonly SuggestionItem[], blocks: readonly BlockSuggestion[], editorId: string | undefined): string | null {
  if (blocks.length === 0) return null;
  const fresh = freshKinds(items);
  const root = doc.share.has(SUGGESTIONS_ROOT) ? doc.getMap<unknown>(SUGGESTIONS_ROOT) : null;
  for (const { id, kind, attribute } of blocks) {
    const entry = root?.get(id);
    const found = entry instanceof Y.Map ? { kind: entry.get("kind"), author: entry.get("author") } : fresh.get(id);
    if (found === undefined) return `${attribute} names suggestion ${id}, which is not open`;
    if (found.kind !== kind) return `${attribute} names a ${kind} suggestion`;
    if (editorId === undefined || !isAuthoredBy(found.author, editorId)) return `${attribute}: a suggestion's author must be the editor who makes it`;
  }
  return null;
}

/* The kind and author of each suggestion new in this update, by id. */
function freshKinds(items: readonly SuggestionItem[]): Map<string, { kind: unknown; author: unknown }> {
  const byEntry = new Map<string, { kind: unknown; author: unknown }>();
  const ids = new Map<string, string>();
  for (const { item, sub, depth, newEntry } of items) {
    if (depth === 0 && sub !== null) {
      ids.set(idKey(item.id), sub);
      continue;
    }
    if (depth !== 1 || newEntry === null || (sub !== "kind" && sub !== "author") || !(item.content instanceof Y.ContentAny)) continue;
    const entry = byEntry.get(idKey(newEntry)) ?? { kind: undefined, author: undefined };
    entry[sub] = item.content.arr[0];
    byEntry.set(idKey(newEntry), entry);
  }
  const out = new Map<string, { kind: unknown; author: unknown }>();
  for (const [at, id] of ids) {
    const entry = byEntry.get(at);
    if (entry) out.set(id, entry);
  }
  return out;
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
