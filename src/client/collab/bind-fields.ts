import * as Y from "yjs";
import { readPath, writePath } from "../json-path";
import { SUGGEST_DELETE, SUGGEST_INSERT } from "../suggest/model";
import type { Review } from "../suggest/review";
import { hasSuggestions, shownRuns, type ShownRun } from "../suggest/shown-runs";
import { suggestSplice } from "../suggest/text-suggest";
import { mapOffset, typedSplice, type TextDeltaOp } from "../text-diff";
import type { UndoTarget } from "../undo/value-history";
import { LOCAL_ORIGIN } from "./origins";

export { LOCAL_ORIGIN };

/** The parts of a plain field a live binding drives. */
export interface BindableText {
  value(): string;
  setValue(text: string, caret?: number): void;
  caret(): number | null;
  /** Shows the text as runs marked with the suggestions they belong to (its value stays the whole text). */
  setRuns?(runs: readonly ShownRun[], caret?: number): void;
}

/**
 * A bound field: `local` is called with the field's new value after each local edit; `undo` is
 * the page's undo (`createPageUndo`) its edits are steps of, which never takes back another editor's.
 */
export interface FieldBinding {
  local(value: unknown): void;
  undo: UndoTarget;
  destroy(): void;
}

/**
 * Binds a plain-text field to the room's `Y.Text` of that field: local edits go in as minimal
 * splices at the caret (so each keystroke hangs on the editor's own previous letter, and two
 * people typing at one spot keep their words whole), remote ones come out with the caret moved
 * past text inserted before it. Its edits are steps of the page's `undo`, which tracks only this
 * tab's origins, so it takes back this editor's typing and leaves what others typed meanwhile.
 * With `review`, suggestions in the text are shown marked, and while the page is in Suggesting
 * mode an edit is recorded as a suggestion (`suggestSplice`) instead of changing the text; typing
 * in Editing mode inside a suggestion is plain text, never part of it.
 *
 * @example
 * const binding = bindText(field, session.doc.getText("title"), pageUndo.target, review);
 * element.addEventListener("input", () => binding.local(field.value()));
 */
export function bindText(field: BindableText, text: Y.Text, undo: UndoTarget, review?: Review): FieldBinding {
  const show = (caret?: number) => {
    if (review && field.setRuns && hasSuggestions(text)) field.setRuns(shownRuns(text), caret);
    else field.setValue(text.toString(), caret);
  };
  show();
  const observer = (event: Y.YTextEvent, transaction: Y.Transaction) => {
    if (transaction.origin === LOCAL_ORIGIN) return;
    const caret = field.caret();
    const delta = event.delta as TextDeltaOp[];
    show(caret === null ? undefined : mapOffset(caret, delta));
  };
  text.observe(observer);
  return {
    undo,
    local(value) {
      if (typeof value !== "string") return;
      const splice = typedSplice(text.toString(), value, field.caret());
      if (splice.remove === 0 && splice.insert === "") return;
      const suggesting = review?.suggesting();
      if (suggesting) {
        // The field already shows the edit as made: it shows the text again, with the edit as a suggestion.
        show(suggestSplice(text, splice, suggesting, LOCAL_ORIGIN));
        return;
      }
      const marked = review !== undefined && hasSuggestions(text);
      text.doc?.transact(() => {
        if (splice.remove > 0) text.delete(splice.index, splice.remove);
        if (splice.insert) text.insert(splice.index, splice.insert, marked ? { [SUGGEST_INSERT]: null, [SUGGEST_DELETE]: null } : undefined);
      }, LOCAL_ORIGIN);
      if (marked) show(splice.index + splice.insert.length);
    },
    destroy: () => text.unobserve(observer),
  };
}

/** The parts of a field inside a JSON value (a section heading, a section image) a binding drives. */
export interface BindableValue {
  value(): unknown;
  setValue(value: never): void;
}

/** Where a bound value lives: how to read it, write it, and hear that someone else changed it. */
export interface ValueSource {
  read(): unknown;
  write(value: unknown): void;
  /** Calls `changed` after a change this tab did not make; returns the unsubscribe. */
  observe(changed: () => void): () => void;
}

/**
 * Binds a field to one atomic value of the room document (an image in a section's entry, a
 * leaf of a plain json field): a local edit writes the whole value, a remote change (or an undo)
 * shows it. Its edits are steps of the page's `undo`; Yjs never lets an undo overwrite a value
 * another editor set since.
 *
 * @example
 * bindValue(field, { read: () => map.get("image"), write: (v) => map.set("image", v), observe }, pageUndo.target);
 */
export function bindValue(field: BindableValue, source: ValueSource, undo: UndoTarget): FieldBinding {
  const setField = field.setValue as (value: unknown) => void;
  const show = () => {
    const leaf = source.read();
    if (leaf === undefined || JSON.stringify(leaf) === JSON.stringify(field.value())) return false;
    setField(leaf);
    return true;
  };
  show();
  const stop = source.observe(() => void show());
  return {
    undo,
    local: (value) => source.write(value),
    destroy: stop,
  };
}

/**
 * Binds a leaf inside a plain json field (`settings.logo`) to the room's `json` map, where the
 * field's whole value lives: a local edit writes a copy of that value with the leaf changed.
 *
 * @example
 * bindJsonLeaf(field, session.doc.getMap("json"), "meta", ["logo"], pageUndo.target);
 */
export function bindJsonLeaf(field: BindableValue, map: Y.Map<unknown>, root: string, path: readonly (string | number)[], undo: UndoTarget): FieldBinding {
  return bindValue(field, {
    read: () => readPath(map.get(root), path),
    write: (value) => {
      const next = writePath(map.get(root), path, value);
      if (next !== null) map.doc?.transact(() => map.set(root, next), LOCAL_ORIGIN);
    },
    observe: (changed) => observeKey(map, root, changed),
  }, undo);
}

/**
 * Calls `changed` when `key` of `map` changes by someone else's hand (or an undo); returns the unsubscribe.
 *
 * @example
 * const stop = observeKey(entry, "image", () => show());
 */
export function observeKey(map: Y.Map<unknown>, key: string, changed: () => void): () => void {
  const observer = (event: Y.YMapEvent<unknown>, transaction: Y.Transaction) => {
    if (transaction.origin !== LOCAL_ORIGIN && event.keysChanged.has(key)) changed();
  };
  map.observe(observer);
  return () => map.unobserve(observer);
}
