// The list parts of a scope typed as text (collections, paths), as the Team panel shows and sends
// them; no DOM, so unit tests load it anywhere.

/** How a form shows a list part of a scope: the text of its box, and whether its "None" box is shown (checked). */
export interface ListShown {
  text: string;
  /** The scope holds the part, empty (`collections: []`: the account touches nothing); an empty box would mean "no narrowing". */
  none: boolean;
}

/**
 * The comma-separated entries of a text box, trimmed, blanks dropped.
 *
 * @example
 * splitList("pages, courses,\n") // ["pages", "courses"]
 */
export function splitList(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((part) => part.trim())
    .filter((part) => part !== "");
}

/**
 * How a scope's list part is shown: its entries joined, and for an empty list a checked "None"
 * box, since an empty text box leaves the part out (everything). {@link listValue} of what it
 * shows is the part again, so saving a form unchanged keeps what the server holds.
 *
 * @example
 * listShown(["pages"]) // { text: "pages", none: false }
 * listShown([]) // { text: "", none: true }
 * listShown(undefined) // { text: "", none: false }
 */
export function listShown(held: readonly string[] | undefined): ListShown {
  return { text: (held ?? []).join(", "), none: held !== undefined && held.length === 0 };
}

/**
 * A list part of the scope from its text box: the entries typed, else `[]` when "None" is checked,
 * else `undefined` (the part is left out: no narrowing).
 *
 * @example
 * listValue("pages") // ["pages"]
 * listValue("") // undefined
 * listValue("", true) // []
 */
export function listValue(text: string, none = false): string[] | undefined {
  const entries = splitList(text);
  if (entries.length > 0) return entries;
  return none ? [] : undefined;
}
