/*
 * The one text splice of the project: the browser client, the cores and the room all turn one
 * string into another with `diffText`, so none of them can cut a character in half. Offsets are
 * UTF-16 code units (what `Y.Text` and the DOM count), but a splice only ever starts and ends on a
 * grapheme boundary of both strings: an emoji (a surrogate pair), a letter with combining marks or
 * a ZWJ sequence is removed or kept whole. A splice that cut a surrogate pair would make Yjs store
 * each half as U+FFFD on every peer.
 */

/** At `index` (UTF-16 code units), remove `remove` units and insert `insert`. */
export interface TextSplice {
  index: number;
  remove: number;
  insert: string;
}

/** Strings this long or shorter are segmented whole; longer ones in a window around the cut. */
const WHOLE_SEGMENT_LIMIT = 4096;
/** The window kept on each side of a cut in a long string: longer than any real grapheme cluster. */
const SEGMENT_WINDOW = 256;

let segmenter: Intl.Segmenter | null = null;
let wordSegmenter: Intl.Segmenter | null = null;

/**
 * The words and the runs between them (spaces, punctuation, emoji) of `text`, in order: the units
 * a three-way text merge compares. Word boundaries are always grapheme boundaries.
 *
 * @example
 * words("Q3 report, v2") // ["Q3", " ", "report", ",", " ", "v2"]
 */
export function words(text: string): string[] {
  wordSegmenter ??= new Intl.Segmenter(undefined, { granularity: "word" });
  const out: string[] = [];
  for (const { segment } of wordSegmenter.segment(text)) out.push(segment);
  return out;
}

/**
 * The grapheme clusters of `text`, in order.
 *
 * @example
 * graphemes("a👍🏽e\u0301") // ["a", "👍🏽", "e\u0301"]
 */
export function graphemes(text: string): string[] {
  const out: string[] = [];
  for (const { segment } of graphemeSegmenter().segment(text)) out.push(segment);
  return out;
}

/**
 * The smallest single splice from `before` to `after`: their common prefix and suffix are kept,
 * shrunk to grapheme boundaries of both strings.
 *
 * @example
 * diffText("About us", "About all of us") // { index: 6, remove: 0, insert: "all of " }
 * diffText(" 😁😀x", " 😀x")            // { index: 1, remove: 4, insert: "😀" }: never half an emoji
 */
export function diffText(before: string, after: string): TextSplice {
  const shorter = Math.min(before.length, after.length);
  let prefix = 0;
  while (prefix < shorter && before.charCodeAt(prefix) === after.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (suffix < shorter - prefix && before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)) suffix++;
  if (prefix === before.length && prefix === after.length) return { index: prefix, remove: 0, insert: "" };
  prefix = commonBoundaryAtOrBefore(before, after, prefix);
  suffix = before.length - commonBoundaryAtOrAfter(before, after, before.length - suffix, after.length - suffix);
  return { index: prefix, remove: before.length - prefix - suffix, insert: after.slice(prefix, after.length - suffix) };
}

/** The largest offset ≤ `at` that is a grapheme boundary in both strings (they agree before it). */
function commonBoundaryAtOrBefore(a: string, b: string, at: number): number {
  let cut = at;
  for (;;) {
    const next = Math.min(boundaryAtOrBefore(a, cut), boundaryAtOrBefore(b, cut));
    if (next === cut) return cut;
    cut = next;
  }
}

/**
 * Offsets `endA` in `a` and `endB` in `b` start the same suffix; moves both right by the same
 * amount until each is a grapheme boundary of its string. Returns the new `endA`.
 */
function commonBoundaryAtOrAfter(a: string, b: string, endA: number, endB: number): number {
  let shift = 0;
  for (;;) {
    const nextA = boundaryAtOrAfter(a, endA + shift) - endA;
    const nextB = boundaryAtOrAfter(b, endB + shift) - endB;
    const next = Math.max(nextA, nextB);
    if (next === shift) return endA + shift;
    shift = next;
  }
}

function boundaryAtOrBefore(text: string, at: number): number {
  if (at <= 0 || at >= text.length) return at;
  const { start, segments } = window(text, at);
  let last = start;
  for (const { index } of segments) {
    if (start + index > at) break;
    last = start + index;
  }
  return last;
}

function boundaryAtOrAfter(text: string, at: number): number {
  if (at <= 0 || at >= text.length) return at;
  const { start, segments } = window(text, at);
  for (const { index } of segments) if (start + index >= at) return start + index;
  return Math.min(text.length, at + SEGMENT_WINDOW);
}

function window(text: string, at: number): { start: number; segments: Intl.Segments } {
  if (text.length <= WHOLE_SEGMENT_LIMIT) return { start: 0, segments: graphemeSegmenter().segment(text) };
  const start = Math.max(0, at - SEGMENT_WINDOW);
  return { start, segments: graphemeSegmenter().segment(text.slice(start, at + SEGMENT_WINDOW)) };
}

function graphemeSegmenter(): Intl.Segmenter {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  return segmenter;
}
