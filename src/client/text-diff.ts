/** The single splice that turns one string into another. */
export interface TextSplice {
  index: number;
  remove: number;
  insert: string;
}

/**
 * The smallest single splice from `before` to `after` (common prefix and suffix kept), so a live
 * plain-text field sends Yjs a minimal edit and concurrent typing elsewhere in it survives.
 *
 * @example
 * diffText("About us", "About all of us") // { index: 6, remove: 0, insert: "all of " }
 */
export function diffText(before: string, after: string): TextSplice {
  let start = 0;
  const shorter = Math.min(before.length, after.length);
  while (start < shorter && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let end = 0;
  while (end < shorter - start && before.charCodeAt(before.length - 1 - end) === after.charCodeAt(after.length - 1 - end)) end++;
  return { index: start, remove: before.length - start - end, insert: after.slice(start, after.length - end) };
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
