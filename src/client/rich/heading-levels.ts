import { clampLevel } from "../../shared/rich-schema";

/** The heading levels a rich field may hold, lowest number (most important) first: `[2, 3, 4]`. */
export type HeadingLevels = readonly number[];

/** A page's own title is its `h1`, so its rich fields start one level below. */
export const DEFAULT_HEADING_LEVELS: HeadingLevels = [2, 3, 4];

/**
 * The heading levels a field allows, from its `data-cms-heading-levels` attribute (`"2-4"`,
 * `"2,3"`, `"1-4"`), kept within what the schema and sanitizer hold (1–4); the default, 2–4, when
 * the attribute is missing or says nothing usable.
 *
 * @example
 * readHeadingLevels("2-3"); // [2, 3]
 * readHeadingLevels(null); // [2, 3, 4]
 */
export function readHeadingLevels(attribute: string | null | undefined): HeadingLevels {
  const text = (attribute ?? "").trim();
  const range = /^(\d)\s*-\s*(\d)$/.exec(text);
  const listed = range ? spread(Number(range[1]), Number(range[2])) : text.split(",").map((part) => Number(part.trim()));
  const levels = [...new Set(listed.filter((n) => Number.isInteger(n) && n >= 1 && n <= 4).map(clampLevel))].sort((a, b) => a - b);
  return levels.length > 0 ? levels : DEFAULT_HEADING_LEVELS;
}

/**
 * The allowed level nearest to `level` (a markdown `##` is level 2): below the first allowed one
 * it is the first, past the last it is the last.
 *
 * @example
 * nearestLevel(1, [2, 3, 4]); // 2
 * nearestLevel(6, [2, 3]); // 3
 */
export function nearestLevel(level: number, levels: HeadingLevels): number {
  const first = levels[0] ?? 2;
  return levels.find((allowed) => allowed >= level) ?? levels[levels.length - 1] ?? first;
}

/**
 * How pasted headings map onto the field's levels: the pasted outline keeps its shape, moved down
 * just enough that its top heading lands on the field's top level (a document's `h1` becomes the
 * page's `h2`, its `h2` an `h3`), never promoted, and anything deeper than allowed stays at the
 * deepest allowed level.
 *
 * @example
 * const map = pastedLevelMap([1, 2, 6], [2, 3, 4]);
 * [map(1), map(2), map(6)]; // [2, 3, 4]
 */
export function pastedLevelMap(pasted: readonly number[], levels: HeadingLevels): (level: number) => number {
  const top = Math.min(...pasted);
  const shift = Math.max(0, (levels[0] ?? 2) - top);
  return (level) => nearestLevel(level + shift, levels);
}

function spread(from: number, to: number): number[] {
  const out: number[] = [];
  for (let n = Math.min(from, to); n <= Math.max(from, to); n++) out.push(n);
  return out;
}
