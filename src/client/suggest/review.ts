import type * as Y from "yjs";
import { editorColor } from "../../shared/editor-color";
import { SUGGEST_INSERT, SUGGEST_DELETE, suggestionMeta, type Suggester } from "./model";
import type { SuggestContext } from "./text-suggest";

/** Editing changes the draft; Suggesting records every change as a suggestion. */
export type EditMode = "editing" | "suggesting";

/**
 * The page's edit mode and the signed-in editor, shared by every field binding: a switch in the
 * edit bar sets it, and each binding reads it at the moment of an edit.
 */
export interface Review {
  mode(): EditMode;
  setMode(mode: EditMode): void;
  /** Calls `listener` after every change of mode; returns the unsubscribe. */
  onMode(listener: (mode: EditMode) => void): () => void;
  /** The suggesting editor, or null when it is not known (then Suggesting is not offered). */
  who: Suggester | null;
  /** What a binding suggests with while the mode is Suggesting; null in Editing. */
  suggesting(): SuggestContext | null;
}

/**
 * A page's review state, starting in `initial`.
 *
 * @example
 * const review = createReview({ id: 7, name: "Eve" }, "suggesting");
 * review.suggesting() // { who: { id: 7, name: "Eve" } }
 */
export function createReview(who: Suggester | null, initial: EditMode): Review {
  let mode: EditMode = who ? initial : "editing";
  const listeners = new Set<(mode: EditMode) => void>();
  return {
    mode: () => mode,
    setMode(next) {
      if (next === mode || (next === "suggesting" && !who)) return;
      mode = next;
      for (const listener of listeners) listener(mode);
    },
    onMode(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    who,
    suggesting: () => (mode === "suggesting" && who ? { who } : null),
  };
}

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
