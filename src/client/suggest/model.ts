import * as Y from "yjs";
import { newEntryId } from "../../shared/entry-id";

/*
 * Where suggestions live in the room's document (docs/room-protocol.md, "Review: comments and
 * suggestions"): the metadata map, the attributes that mark suggested text in a `Y.Text`, and the
 * keys that mark a suggested entry of a list. The names hold a colon, so no field can take them.
 */

/** The root map of open suggestions: id -> Y.Map { kind, field, author, authorName, at }. */
export const SUGGESTIONS_ROOT = "cms:suggestions";
/** Text attribute of inserted text: the suggestion id. */
export const INSERT_ATTR = "cms:ins";
/** Text attribute of text proposed for deletion (still present): the suggestion id. */
export const DELETE_ATTR = "cms:del";
/** Entry key of a proposed entry (add, remove or move): the suggestion id. */
export const ENTRY_SUGGESTION = "cms:suggest";
/** Entry key of a proposed move: the position key the entry would take. */
export const ENTRY_PROPOSED_POS = "cms:pos";

export type SuggestionKind = "insert" | "delete" | "format" | "add" | "remove" | "move";

/** Who suggests: the signed-in editor, as the room knows them. */
export interface Suggester {
  id: number;
  name: string;
}

/** One suggestion's metadata, as `cms:suggestions` holds it. */
export interface SuggestionMeta {
  kind: SuggestionKind;
  field: string;
  author: number;
  authorName: string;
  at: string;
}

/**
 * A fresh suggestion id (12 random letters and digits: two suggesting editors never pick the same).
 *
 * @example
 * newSuggestionId() // "q8w2k3v9m7ab"
 */
export const newSuggestionId = (): string => newEntryId();

/**
 * Writes a new suggestion's metadata; the caller runs it in the transaction that marks the content.
 *
 * @example
 * doc.transact(() => recordSuggestion(doc, id, { kind: "insert", field: "title", author: 7, authorName: "Eve", at }));
 */
export function recordSuggestion(doc: Y.Doc, id: string, meta: SuggestionMeta): void {
  const entry = new Y.Map<unknown>();
  for (const [key, value] of Object.entries(meta)) entry.set(key, value);
  doc.getMap(SUGGESTIONS_ROOT).set(id, entry);
}

/**
 * The metadata of suggestion `id`, or null when it is not open (settled, or never recorded).
 *
 * @example
 * suggestionMeta(doc, "q8w2k3v9m7ab")?.author // 7
 */
export function suggestionMeta(doc: Y.Doc, id: unknown): SuggestionMeta | null {
  if (typeof id !== "string") return null;
  const entry = doc.getMap(SUGGESTIONS_ROOT).get(id);
  if (!(entry instanceof Y.Map)) return null;
  const kind = entry.get("kind");
  const field = entry.get("field");
  const author = entry.get("author");
  const authorName = entry.get("authorName");
  const at = entry.get("at");
  if (typeof kind !== "string" || typeof field !== "string" || typeof author !== "number") return null;
  return { kind: kind as SuggestionKind, field, author, authorName: typeof authorName === "string" ? authorName : "", at: typeof at === "string" ? at : "" };
}

/**
 * The field address (without collection and key) of a shared type: a root's name (`title`), or
 * for a text inside a list entry its path by entry ids (`sections.k3v9.heading`), so it survives moves.
 * Null when the type is not in a document.
 *
 * @example
 * fieldOf(doc.getText("title")) // "title"
 * fieldOf(heroMap.get("heading")) // "sections.k3v9q0x2m7ab.heading"
 */
export function fieldOf(type: Y.Text | Y.Map<unknown> | Y.Array<unknown> | Y.XmlFragment): string | null {
  const parts: string[] = [];
  let node = type as unknown as Y.AbstractType<unknown>;
  for (;;) {
    const item = node._item;
    if (item === null) {
      const doc = node.doc;
      if (!doc) return null;
      for (const [name, root] of doc.share) if (root === node) return [name, ...parts].join(".");
      return null;
    }
    const parent = item.parent as Y.AbstractType<unknown>;
    if (typeof item.parentSub === "string") parts.unshift(item.parentSub);
    else if (node instanceof Y.Map) {
      const id = node.get("id");
      if (typeof id !== "string") return null;
      parts.unshift(id);
    }
    node = parent;
  }
}
