import { diffText, type TextSplice } from "../shared/text-splice";

export { diffText, type TextSplice };

/**
 * The splice one keystroke made, placed where the caret says it was typed: typing a letter next
 * to the same letter (`ho|w` + `w`) reads as the same string whichever of the two is new, and the
 * plain diff picks the last; the caret (just after what was typed) picks the right one, so the new
 * letter hangs on the editor's own text and a concurrent editor's word stays whole.
 *
 * @example
 * typedSplice("how", "howw", 3) // { index: 2, remove: 0, insert: "w" }, not index 3
 */
export function typedSplice(before: string, after: string, caret: number | null): TextSplice {
  const splice = diffText(before, after);
  const length = splice.insert.length;
  if (caret === null || splice.remove !== 0 || length === 0) return splice;
  const index = caret - length;
  if (index === splice.index || index < 0 || index > before.length) return splice;
  const insert = after.slice(index, caret);
  return before.slice(0, index) + insert + before.slice(index) === after ? { index, remove: 0, insert } : splice;
}

/** One op of a Yjs text delta. */
export type TextDeltaOp = { retain: number } | { insert: string | object } | { delete: number };

/**
 * Moves a caret offset through a remote Yjs delta, so the local caret stays on the same character
 * when another editor types before it.
 *
 * @example
 * mapOffset(5, [{ retain: 2 }, { insert: "abc" }]) // 8
 */
export function mapOffset(offset: number, delta: readonly TextDeltaOp[]): number {
  // `position` walks the text as it was before the delta; `shift` is how far the caret moves.
  let position = 0;
  let shift = 0;
  for (const op of delta) {
    if (position > offset) break;
    if ("retain" in op) position += op.retain;
    else if ("insert" in op) {
      // An insert exactly at the caret stays after it, so the local editor keeps typing in place.
      if (position < offset) shift += typeof op.insert === "string" ? op.insert.length : 1;
    } else {
      shift -= Math.max(0, Math.min(op.delete, offset - position));
      position += op.delete;
    }
  }
  return offset + shift;
}
