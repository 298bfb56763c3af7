import type * as Y from "yjs";
import { diffText, words } from "../../shared/text-splice";
import { planSequenceMerge } from "../../shared/writer-read";

/**
 * Turns a `Y.Text` into `next` with the one grapheme-safe splice ({@link diffText}): the common
 * prefix and suffix stay, so live typing outside the changed span survives. Runs in one
 * transaction; does nothing when nothing changed.
 *
 * @example
 * applyTextDiff(ydoc.getText("title"), "Hello brave world"); // one insert of "brave "
 */
export function applyTextDiff(text: Y.Text, next: string): void {
  const splice = diffText(text.toString(), next);
  if (splice.remove === 0 && splice.insert === "") return;
  transact(text, () => {
    if (splice.remove > 0) text.delete(splice.index, splice.remove);
    // Explicitly without attributes: Yjs would give the new text those of its left neighbour, and a
    // written word beside a suggested one would become part of the suggestion.
    if (splice.insert !== "") text.insert(splice.index, splice.insert, {});
  });
}

/**
 * Three-way merge of a plain-text field: a writer read `base` and sent `next`, while live editors
 * turned `base` into the text's current value. Both sides' changes are found as word-level diffs
 * (so no change ever splits a character) against what the writer must have read: `base` plus any
 * live typing its value already holds (`readState`), so that typing is never inserted twice. Each
 * writer change is applied where its region now sits, so every live insertion and deletion outside
 * it survives. Where both changed the same region the live text
 * wins (see `planMerge`). Returns how many writer changes were not applied (conflicts).
 *
 * @example
 * // base "Quarterly report draft"; live editors typed "Q3 Quarterly report draft (v2)"
 * mergeTextInto(text, "Quarterly report draft", "Quarterly sales report draft");
 * text.toString() // "Q3 Quarterly sales report draft (v2)"
 */
export function mergeTextInto(text: Y.Text, base: string, next: string): number {
  const current = text.toString();
  if (current === base) {
    applyTextDiff(text, next);
    return 0;
  }
  const baseTokens = words(base);
  const currentTokens = words(current);
  const nextTokens = words(next);
  const plan = planSequenceMerge(baseTokens, currentTokens, nextTokens, isWordLike);
  const offsets = unitOffsets(currentTokens);
  transact(text, () => {
    for (const step of plan.steps) {
      const at = offsets[step.at] as number;
      const removed = (offsets[step.at + step.remove] as number) - at;
      const inserted = nextTokens.slice(step.from, step.to).join("");
      if (removed > 0) text.delete(at, removed);
      if (inserted !== "") text.insert(at, inserted, {});
    }
  });
  return plan.conflicts.length;
}

/** A token with a letter, digit or symbol in it: what tells a writer's copy of live typing. */
function isWordLike(token: string): boolean {
  return /[^\s\p{P}]/u.test(token);
}

/** UTF-16 offset of each token's start, plus the total length at the end. */
function unitOffsets(tokens: readonly string[]): number[] {
  const offsets = [0];
  for (const token of tokens) offsets.push((offsets[offsets.length - 1] as number) + token.length);
  return offsets;
}

function transact(text: Y.Text, apply: () => void): void {
  if (text.doc) text.doc.transact(apply);
  else apply();
}
