import { Parser } from "htmlparser2";
import type { CollectionField } from "../collection";

/* Inline elements join their text to the neighbours'; every other element separates words. */
const INLINE = new Set([
  "a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "dfn", "em", "i", "kbd", "mark",
  "q", "s", "samp", "small", "span", "strong", "sub", "sup", "time", "u", "var",
]);
/* Content that is not readable text, should a stored value carry it. */
const SKIPPED = new Set(["script", "style", "template"]);
/* Control characters: the snippet markers are two of them, so indexed text must carry none. */
const CONTROL = /[\u0000-\u001f\u007f]+/g;

/**
 * The readable text of an HTML fragment: tags removed, entities decoded, block boundaries kept as
 * spaces so `<p>a</p><p>b</p>` indexes two words.
 *
 * @example
 * htmlToText("<p>Fast <strong>sites</strong></p><p>win</p>") // "Fast sites win"
 */
export function htmlToText(html: string): string {
  const parts: string[] = [];
  let skipping = 0;
  const parser = new Parser(
    {
      onopentagname(name) {
        if (SKIPPED.has(name)) skipping++;
        if (!INLINE.has(name)) parts.push(" ");
      },
      onclosetag(name) {
        if (SKIPPED.has(name)) skipping = Math.max(0, skipping - 1);
        if (!INLINE.has(name)) parts.push(" ");
      },
      ontext(text) {
        if (skipping === 0) parts.push(text);
      },
    },
    { decodeEntities: true },
  );
  parser.parseComplete(html);
  return collapse(parts.join(""));
}

/**
 * Every string leaf of a JSON value, depth first (keys are not leaves), leaving out the values of
 * the keys in `skip`.
 *
 * @example
 * flattenStringLeaves([{ type: "hero", heading: "Hi", n: 3 }]) // ["hero", "Hi"]
 */
export function flattenStringLeaves(value: unknown, out: string[] = [], skip: ReadonlySet<string> = NOTHING): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const item of value) flattenStringLeaves(item, out, skip);
  else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) if (!skip.has(key)) flattenStringLeaves(item, out, skip);
  }
  return out;
}

const NOTHING: ReadonlySet<string> = new Set();
/* A list of sections carries a stable id per entry: an address, not words anyone searches for. */
const ENTRY_ID: ReadonlySet<string> = new Set(["id"]);

/**
 * The text one field contributes to the index: text as is, rich text reduced to its words, json
 * flattened to its string leaves (one per line).
 *
 * @example
 * fieldSearchText({ type: "json" }, [{ heading: "Hi" }, { heading: "There" }]) // "Hi\nThere"
 */
export function fieldSearchText(field: CollectionField, value: unknown): string {
  if (value === null || value === undefined) return "";
  if (field.type === "json") return flattenStringLeaves(value, [], field.catalog ? ENTRY_ID : NOTHING).map(collapse).filter(Boolean).join("\n");
  if (typeof value !== "string") return "";
  return field.type === "richtext" ? htmlToText(value) : collapse(value);
}

function collapse(text: string): string {
  return text.replace(CONTROL, " ").replace(/ {2,}/g, " ").trim();
}
