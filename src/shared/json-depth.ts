import { noteRule } from "./rule-tally";
import { HttpError } from "./errors";

/**
 * Deepest nesting of arrays and objects accepted in a JSON value (a body, a field, a setting).
 * Real editor data is shallow (page sections with lists of items are about 5 levels); a limit far
 * above that and far below what the recursive readers (JSON.stringify, D1's JSON functions,
 * validators) can take turns a stack overflow (a 500) into a clear 422.
 */
export const MAX_JSON_DEPTH = 64;

/** Most arrays and objects walked in one value; bounds the work of a graph that shares children. */
const MAX_CONTAINERS = 200_000;

const OPEN_BRACE = 123;
const OPEN_BRACKET = 91;
const CLOSE_BRACE = 125;
const CLOSE_BRACKET = 93;
const QUOTE = 34;
const BACKSLASH = 92;

/**
 * The nesting depth of JSON text, counted in one pass without parsing (brackets inside strings do
 * not count), stopping as soon as it passes `max`. Lets a reader refuse a hostile body before
 * `JSON.parse` builds it.
 *
 * @example
 * jsonTextDepth('{"a":[1,[2]]}'); // 3
 * jsonTextDepth("[".repeat(5000), 64); // 65 (stopped early)
 */
export function jsonTextDepth(text: string, max = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > max) return deepest;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
    }
  }
  return deepest;
}

/**
 * Whether a value (parsed JSON, or a structured clone arriving over RPC, cycles included) nests
 * arrays and objects deeper than `max`. Iterative, so the check itself cannot overflow the stack,
 * and bounded: past `MAX_CONTAINERS` containers it answers true.
 *
 * @example
 * isTooDeep({ a: [[1]] }, 2); // true
 * isTooDeep({ a: [1] }, 2); // false
 */
export function isTooDeep(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  let seen = 0;
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== "object") continue;
    if (depth + 1 > max || ++seen > MAX_CONTAINERS) return true;
    const children = Array.isArray(item) ? item : Object.values(item as Record<string, unknown>);
    for (const child of children) if (child !== null && typeof child === "object") stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * Throws 422 `too_deep` when `value` nests deeper than {@link MAX_JSON_DEPTH}.
 *
 * @example
 * assertJsonDepth(edit, "the draft"); // before a value reaches a recursive reader
 */
export function assertJsonDepth(value: unknown, what = "the value"): void {
  noteRule("depth");
  if (isTooDeep(value)) throw tooDeep(what);
}

/**
 * The error for a value nested too deep, one wording everywhere.
 *
 * @example
 * throw tooDeep("the request body");
 */
export function tooDeep(what: string): HttpError {
  return new HttpError(422, `${what} nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels`, {
    code: "too_deep",
    details: { maxDepth: MAX_JSON_DEPTH },
  });
}
