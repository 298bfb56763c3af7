import type * as Y from "yjs";
import { editorColor } from "../../shared/editor-color";
import { SUGGEST_DELETE, SUGGEST_INSERT, suggestionMeta } from "./model";

/** A piece of a plain field's text and the suggestion it belongs to, as the field shows it. */
export interface ShownRun {
  text: string;
  mark?: { kind: "ins" | "del"; id: string; color: string; label: string };
}

/**
 * A field's text as runs to show: unmarked text, insertions (underlined in the author's colour)
 * and deletions (struck through), each labelled with its author.
 *
 * @example
 * shownRuns(text) // [{ text: "Hello " }, { text: "big ", mark: { kind: "ins", id: "q8w2…", color: "#4363d8", label: "Eve suggests adding" } }]
 */
export function shownRuns(text: Y.Text): ShownRun[] {
  const doc = text.doc;
  const runs: ShownRun[] = [];
  for (const op of text.toDelta() as { insert: unknown; attributes?: Record<string, unknown> }[]) {
    if (typeof op.insert !== "string") continue;
    const inserted = op.attributes?.[SUGGEST_INSERT];
    const deleted = op.attributes?.[SUGGEST_DELETE];
    const id = typeof deleted === "string" ? deleted : typeof inserted === "string" ? inserted : null;
    if (id === null || !doc) {
      runs.push({ text: op.insert });
      continue;
    }
    const kind = typeof deleted === "string" ? "del" : "ins";
    const meta = suggestionMeta(doc, id);
    const name = meta?.authorName || "Someone";
    const color = meta ? editorColor(String(meta.author)) : "#64748b";
    runs.push({ text: op.insert, mark: { kind, id, color, label: `${name} suggests ${kind === "ins" ? "adding" : "deleting"}` } });
  }
  return runs;
}

/**
 * Whether a field's text holds any suggestion.
 *
 * @example
 * hasSuggestions(doc.getText("title")) // false
 */
export function hasSuggestions(text: Y.Text): boolean {
  return (text.toDelta() as { attributes?: Record<string, unknown> }[]).some((op) => op.attributes?.[SUGGEST_INSERT] !== undefined || op.attributes?.[SUGGEST_DELETE] !== undefined);
}
