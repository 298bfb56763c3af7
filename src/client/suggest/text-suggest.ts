import type * as Y from "yjs";
import type { TextSplice } from "../../shared/text-splice";
import { SUGGEST_DELETE, fieldOf, SUGGEST_INSERT, newSuggestionId, recordSuggestion, suggestionMeta, type Suggester, type SuggestionKind } from "./model";

/** A run of a text with one set of suggestion marks: where it starts and how long it is. */
interface Run {
  index: number;
  length: number;
  inserted: string | null;
  deleted: string | null;
}

/** What a suggesting editor is and how it picks ids and times (injected, so tests are exact). */
export interface SuggestContext {
  who: Suggester;
  newId?: () => string;
  now?: () => string;
}

/**
 * The runs of a `Y.Text` with their suggestion marks, in order.
 *
 * @example
 * suggestionRuns(text) // [{ index: 0, length: 6, inserted: null, deleted: null }, { index: 6, length: 4, inserted: "q8w2…", deleted: null }]
 */
export function suggestionRuns(text: Y.Text): Run[] {
  const runs: Run[] = [];
  let index = 0;
  for (const op of text.toDelta() as { insert: unknown; attributes?: Record<string, unknown> }[]) {
    const length = typeof op.insert === "string" ? op.insert.length : 1;
    const inserted = op.attributes?.[SUGGEST_INSERT];
    const deleted = op.attributes?.[SUGGEST_DELETE];
    runs.push({ index, length, inserted: typeof inserted === "string" ? inserted : null, deleted: typeof deleted === "string" ? deleted : null });
    index += length;
  }
  return runs;
}

/**
 * Applies an editor's splice to a field's `Y.Text` as a suggestion instead of an edit, in one
 * transaction under `origin`: removed text stays, marked `cms:del` (text the same editor proposed
 * inserting is simply taken out again; text already proposed for deletion stays as it is), and typed
 * text goes in after it, marked `cms:ins`. A keystroke next to the editor's own open suggestion
 * of the same kind extends it; otherwise a new suggestion is recorded in `cms:suggestions` with
 * the editor as author. Returns the offset the caret belongs at (after the inserted text, or at
 * the start of what was marked for deletion).
 *
 * @example
 * suggestSplice(doc.getText("title"), { index: 6, remove: 0, insert: "new " }, { who: { id: 7, name: "Eve" } }, LOCAL_ORIGIN) // 10
 */
export function suggestSplice(text: Y.Text, splice: TextSplice, context: SuggestContext, origin: unknown): number {
  const doc = text.doc;
  if (!doc) return splice.index;
  const field = fieldOf(text) ?? "";
  const newId = context.newId ?? newSuggestionId;
  const now = context.now ?? (() => new Date().toISOString());
  const mine = (id: string | null) => id !== null && suggestionMeta(doc, id)?.author === context.who.id;
  const take = (kind: SuggestionKind, neighbour: string | null): string => {
    if (neighbour !== null && mine(neighbour) && suggestionMeta(doc, neighbour)?.kind === kind) return neighbour;
    const id = newId();
    recordSuggestion(doc, id, { kind, field, author: context.who.id, authorName: context.who.name, at: now() });
    return id;
  };
  let caret = splice.index;
  doc.transact(() => {
    const end = splice.index + splice.remove;
    const runs = suggestionRuns(text);
    const pieces = runs
      .map((run) => ({ ...run, from: Math.max(run.index, splice.index), to: Math.min(run.index + run.length, end) }))
      .filter((run) => run.from < run.to);
    let removedOwn = 0;
    let deleteId: string | null = null;
    // Backwards, so taking out one piece leaves the offsets of the earlier ones as they were.
    for (const piece of [...pieces].reverse()) {
      if (piece.inserted !== null && mine(piece.inserted) && piece.deleted === null) {
        text.delete(piece.from, piece.to - piece.from);
        removedOwn += piece.to - piece.from;
      } else if (piece.deleted === null) {
        deleteId ??= take("delete", deletedAround(runs, splice.index, end));
        text.format(piece.from, piece.to - piece.from, { [SUGGEST_DELETE]: deleteId });
      }
    }
    const at = end - removedOwn;
    caret = splice.remove > 0 && splice.insert === "" ? splice.index : at;
    if (splice.insert === "") return;
    const id = take("insert", insertedAround(suggestionRuns(text), at));
    text.insert(at, splice.insert, { [SUGGEST_INSERT]: id, [SUGGEST_DELETE]: null });
    caret = at + splice.insert.length;
  }, origin);
  return caret;
}

/* The insertion right before `at` (what a keystroke continues), else the one right after it. */
function insertedAround(runs: readonly Run[], at: number): string | null {
  const before = runs.find((run) => run.index < at && run.index + run.length >= at);
  const after = runs.find((run) => run.index === at);
  return before?.inserted ?? after?.inserted ?? null;
}

/* A deletion touching the range (backspace after backspace extends one suggestion). */
function deletedAround(runs: readonly Run[], from: number, to: number): string | null {
  const after = runs.find((run) => run.index === to && run.deleted !== null);
  const before = runs.find((run) => run.index + run.length === from && run.deleted !== null);
  return after?.deleted ?? before?.deleted ?? null;
}

/**
 * The text as the draft reads it while suggestions are open: inserted text absent, text proposed
 * for deletion present (what the room writes to D1).
 *
 * @example
 * draftText(text) // "Hello world" while " big" is a suggested insertion in "Hello big world"
 */
export function draftText(text: Y.Text): string {
  let out = "";
  for (const op of text.toDelta() as { insert: unknown; attributes?: Record<string, unknown> }[]) {
    if (typeof op.insert === "string" && typeof op.attributes?.[SUGGEST_INSERT] !== "string") out += op.insert;
  }
  return out;
}
