import * as Y from "yjs";
import { newEntryId } from "../../shared/entry-id";
import { readSuggestionMeta, SUGGESTIONS_ROOT, type SuggestionMeta } from "../../shared/review-suggestions";

export { ENTRY_PROPOSED_POSITION, ENTRY_SUGGESTION, SUGGEST_DELETE, SUGGEST_INSERT, SUGGESTIONS_ROOT } from "../../shared/review-suggestions";
export type { SuggestionKind, SuggestionMeta } from "../../shared/review-suggestions";

/** Who suggests: the signed-in editor, as the room knows them. */
export interface Suggester {
  /** The editor's id: a number where the site's ids are numeric. */
  id: number | string;
  name: string;
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
  const meta = readSuggestionMeta(entry.toJSON());
  return "problem" in meta ? null : meta;
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
