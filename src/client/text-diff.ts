export { diffText, type TextSplice } from "../shared/text-splice";

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
