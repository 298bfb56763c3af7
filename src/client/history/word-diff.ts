import type { TextFormat } from "./text-format";

/** One run of a diff: text both sides share, or text only the newer or only the older one has. */
export interface DiffPart {
  kind: "same" | "added" | "removed";
  text: string;
  /** Rich text: the run's formatting (the same all along the run). */
  format?: TextFormat;
}

/* Above this many comparison cells the middle is shown as replaced whole (bounded time and memory). */
const MAX_CELLS = 4_000_000;

/**
 * Splits text into words and the whitespace between them, so a diff reads as words changed
 * (code points are never split, so emoji and other astral characters stay whole).
 *
 * @example
 * wordTokens("Hi  there") // ["Hi", "  ", "there"]
 */
export function wordTokens(text: string): string[] {
  return text.match(/\s+|[^\s]+/gu) ?? [];
}

/**
 * The difference between two token lists as runs of shared, removed and added tokens: a longest
 * common subsequence after trimming the shared start and end. When the changed middle is too
 * large to compare within bounds it is reported as removed and added whole.
 *
 * @example
 * diffTokens(wordTokens("the old text"), wordTokens("the new text"))
 * // [{ kind: "same", text: "the " }, { kind: "removed", text: "old" }, { kind: "added", text: "new" }, { kind: "same", text: " text" }]
 */
export function diffTokens(before: readonly string[], after: readonly string[]): DiffPart[] {
  const out: DiffPart[] = [];
  diffBy(before, after, (token) => token, (kind, token) => {
    const last = out[out.length - 1];
    if (last?.kind === kind) last.text += token;
    else out.push({ kind, text: token });
  });
  return out;
}

/**
 * The diff of any two lists, by each item's `key`: `push` is called for every item of both lists
 * in reading order, with whether both have it, only the older (`removed`) or only the newer (`added`).
 *
 * @example
 * diffBy(["a", "b"], ["a", "c"], (x) => x, (kind, x) => out.push([kind, x]));
 * // out: [["same", "a"], ["removed", "b"], ["added", "c"]]
 */
export function diffBy<T>(before: readonly T[], after: readonly T[], key: (item: T) => string, push: (kind: DiffPart["kind"], item: T) => void): void {
  const [kb, ka] = [before.map(key), after.map(key)];
  let start = 0;
  while (start < kb.length && start < ka.length && kb[start] === ka[start]) start++;
  let endB = kb.length;
  let endA = ka.length;
  while (endB > start && endA > start && kb[endB - 1] === ka[endA - 1]) (endB--, endA--);
  for (let i = 0; i < start; i++) push("same", before[i]!);
  if ((endB - start + 1) * (endA - start + 1) > MAX_CELLS) {
    for (let i = start; i < endB; i++) push("removed", before[i]!);
    for (let j = start; j < endA; j++) push("added", after[j]!);
  } else {
    const emit = (kind: DiffPart["kind"], side: number, index: number) => push(kind, (side === 0 ? before : after)[start + index]!);
    middle(kb.slice(start, endB), ka.slice(start, endA), emit);
  }
  for (let i = endB; i < before.length; i++) push("same", before[i]!);
}

/*
 * Classic LCS table over the changed middle (keys), walked forward so runs come out in reading
 * order; `emit` names the side (0 older, 1 newer) and the index within the middle.
 */
function middle(b: readonly string[], a: readonly string[], emit: (kind: DiffPart["kind"], side: number, index: number) => void) {
  const cols = a.length + 1;
  const table = new Uint32Array((b.length + 1) * cols);
  for (let i = b.length - 1; i >= 0; i--) {
    for (let j = a.length - 1; j >= 0; j--) {
      table[i * cols + j] = b[i] === a[j] ? table[(i + 1) * cols + j + 1]! + 1 : Math.max(table[(i + 1) * cols + j]!, table[i * cols + j + 1]!);
    }
  }
  let i = 0;
  let j = 0;
  while (i < b.length && j < a.length) {
    if (b[i] === a[j]) (emit("same", 0, i), i++, j++);
    else if (table[(i + 1) * cols + j]! >= table[i * cols + j + 1]!) emit("removed", 0, i++);
    else emit("added", 1, j++);
  }
  while (i < b.length) emit("removed", 0, i++);
  while (j < a.length) emit("added", 1, j++);
}

/**
 * Word diff of two texts.
 *
 * @example
 * diffWords("Live T", "Live T BBB") // [{ kind: "same", text: "Live T" }, { kind: "added", text: " BBB" }]
 */
export function diffWords(before: string, after: string): DiffPart[] {
  return diffTokens(wordTokens(before), wordTokens(after));
}
