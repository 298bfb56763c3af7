/** Terms of one query beyond which the rest are ignored: keeps a pasted paragraph from costing much. */
export const MAX_QUERY_TERMS = 16;

/* Everything that is not a letter, digit or combining mark separates words, as FTS5's unicode61 does. */
const SEPARATORS = /[^\p{L}\p{N}\p{M}]+/u;

/**
 * Turns what a person typed into an FTS5 query that can only ever mean "all these words": the text
 * is split into words and each word becomes a quoted string, so quotes, `*`, `NEAR`, `AND`/`OR`/
 * `NOT`, `-`, `^`, column filters (`title:`) and parentheses are searched for as words (or drop
 * out as separators) and never reach the FTS5 parser as syntax. `null` when nothing searchable is
 * left (such as `"***"`), which means no results rather than an error.
 *
 * @example
 * toFtsQuery('title:"fast NEAR(sites' ) // '"title" "fast" "NEAR" "sites"'
 * toFtsQuery("*** ()") // null
 */
export function toFtsQuery(text: string): string | null {
  const terms = text
    .normalize("NFKC")
    .split(SEPARATORS)
    .filter((term) => term !== "")
    .slice(0, MAX_QUERY_TERMS);
  if (terms.length === 0) return null;
  // Splitting removed every `"`; doubling stays as the rule of FTS5 strings should that ever change.
  return terms.map((term) => `"${term.replaceAll('"', '""')}"`).join(" ");
}
