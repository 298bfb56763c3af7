import type { Suggester } from "./model";
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
  /** Tells the editor why an edit was not made (the page shows it in the bar's status line). */
  tell(text: string): void;
  /** Calls `listener` with each {@link Review.tell}; returns the unsubscribe. */
  onTell(listener: (text: string) => void): () => void;
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
  const hearers = new Set<(text: string) => void>();
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
    tell(text) {
      for (const hear of hearers) hear(text);
    },
    onTell(listener) {
      hearers.add(listener);
      return () => hearers.delete(listener);
    },
  };
}
