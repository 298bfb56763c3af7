/* The formatting of rich text's words in a comparison: plain data, no DOM, so tests need none. */

/** How a run of rich text is formatted: its marks (in reading order) and its link's address. */
export interface TextFormat {
  /** `bold`, `italic`, `underline`, `strikethrough`, `code`. */
  marks: string[];
  href?: string;
}

/** A word (or the whitespace between words, or a block's label) of rich text with its format. */
export interface RichToken {
  text: string;
  format: TextFormat;
}

/**
 * A format's identity for comparing tokens (two runs are the same only with the same format).
 *
 * @example
 * formatKey({ marks: ["bold"], href: "https://x.test" }) // "bold|https://x.test"
 */
export function formatKey(format: TextFormat | undefined): string {
  return format ? `${[...format.marks].sort().join(",")}|${format.href ?? ""}` : "|";
}

/**
 * A format as words, for the visually hidden hint and the visible note on a changed run.
 *
 * @example
 * describeFormat({ marks: ["bold"], href: "https://x.test" }) // "bold, link to https://x.test"
 */
export function describeFormat(format: TextFormat | undefined): string {
  if (!format) return "";
  return [...format.marks, ...(format.href !== undefined ? [`link to ${format.href || "(no address)"}`] : [])].join(", ");
}
