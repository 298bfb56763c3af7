/*
 * Position keys (fractional indices): strings that order a list's entries by plain code-unit
 * comparison, where a key strictly between any two distinct keys can always be made. A list that
 * orders its entries by such keys moves an entry by giving it a new key, never by copying it.
 *
 * A key is read as the base-62 fraction 0.<digits>; it never ends in the lowest digit, so there is
 * always room between two keys (as there is none between "a" and "a0").
 */

const DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** The longest key a list accepts; a writer whose next key would be longer gives the whole list fresh keys. */
export const MAX_POSITION_KEY = 64;

const KEY = new RegExp(`^[0-9A-Za-z]{0,${MAX_POSITION_KEY - 1}}[1-9A-Za-z]$`);

/**
 * Whether `value` is a position key: 1 to 64 letters and digits, not ending in `0`.
 *
 * @example
 * isPositionKey("V") // true
 * isPositionKey("a0") // false
 */
export function isPositionKey(value: unknown): value is string {
  return typeof value === "string" && KEY.test(value);
}

/**
 * A key strictly between `before` and `after` (`null`: an open end), or `null` when there is none
 * within {@link MAX_POSITION_KEY} characters (the two are equal, out of order, or too close).
 *
 * @example
 * keyBetween(null, null) // "V"
 * keyBetween("V", "W") // "VV"
 */
export function keyBetween(before: string | null, after: string | null): string | null {
  if ((before !== null && !isPositionKey(before)) || (after !== null && !isPositionKey(after))) return null;
  if (before !== null && after !== null && before >= after) return null;
  const key = midpoint(before ?? "", after);
  return key.length <= MAX_POSITION_KEY ? key : null;
}

/* A key between a and b (a < b; "" reads as 0, null as 1), neither ending in the lowest digit. */
function midpoint(a: string, b: string | null): string {
  if (b !== null) {
    let shared = 0;
    while ((a[shared] ?? DIGITS[0]) === b[shared]) shared++;
    if (shared > 0) return b.slice(0, shared) + midpoint(a.slice(shared), b.slice(shared));
  }
  const low = a === "" ? 0 : DIGITS.indexOf(a[0] as string);
  const high = b === null ? DIGITS.length : DIGITS.indexOf(b[0] as string);
  if (high - low > 1) return DIGITS[Math.round((low + high) / 2)] as string;
  if (b !== null && b.length > 1) return b.slice(0, 1);
  return (DIGITS[low] as string) + midpoint(a.slice(1), null);
}

/**
 * `count` increasing keys strictly between `before` and `after`, as short as bisection makes them,
 * or `null` when they do not fit.
 *
 * @example
 * keysBetween(null, null, 3) // ["G", "V", "l"]
 */
export function keysBetween(before: string | null, after: string | null, count: number): string[] | null {
  if (count === 0) return [];
  const middle = keyBetween(before, after);
  if (middle === null) return null;
  const half = Math.floor((count - 1) / 2);
  const left = keysBetween(before, middle, half);
  const right = keysBetween(middle, after, count - 1 - half);
  return left && right ? [...left, middle, ...right] : null;
}

/**
 * Keys that put items in the order given: each item's current key (`null` when it has none) and
 * whether it may keep it. The longest run of keepable keys already in increasing order keeps its
 * keys; every other item gets a fresh key between its kept neighbours. When those do not fit,
 * every item gets a fresh key. Returns one key per item.
 *
 * @example
 * placeKeys([{ key: "V", keep: true }, { key: "F", keep: false }, { key: "k", keep: true }]) // ["V", "d", "k"]
 */
export function placeKeys(items: readonly { key: string | null; keep: boolean }[]): string[] {
  const kept = increasingRun(items.map((item) => (item.keep && isPositionKey(item.key) ? item.key : null)));
  const keys: string[] = [];
  let start = 0;
  for (let i = 0; i <= items.length; i++) {
    if (i < items.length && !kept.has(i)) continue;
    const before = start > 0 ? (keys[start - 1] as string) : null;
    const after = i < items.length ? (items[i]?.key as string) : null;
    const fresh = keysBetween(before, after, i - start);
    if (fresh === null) return keysBetween(null, null, items.length) as string[];
    keys.push(...fresh);
    if (i < items.length) keys.push(after as string);
    start = i + 1;
  }
  return keys;
}

/* Indices of a longest strictly increasing run of the non-null keys (patience sorting). */
function increasingRun(keys: readonly (string | null)[]): Set<number> {
  const tails: number[] = [];
  const previous = new Map<number, number>();
  keys.forEach((key, i) => {
    if (key === null) return;
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((keys[tails[mid] as number] as string) < key) low = mid + 1;
      else high = mid;
    }
    if (low > 0) previous.set(i, tails[low - 1] as number);
    tails[low] = i;
  });
  const run = new Set<number>();
  for (let i = tails.at(-1); i !== undefined; i = previous.get(i)) run.add(i);
  return run;
}
