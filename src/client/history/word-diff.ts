/** One run of a diff: text both sides share, or text only the newer or only the older one has. */
export interface DiffPart {
  kind: "same" | "added" | "removed";
  text: string;
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
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let endB = before.length;
  let endA = after.length;
  while (endB > start && endA > start && before[endB - 1] === after[endA - 1]) (endB--, endA--);
  const out: DiffPart[] = [];
  const push = (kind: DiffPart["kind"], token: string) => {
    const last = out[out.length - 1];
    if (last?.kind === kind) last.text += token;
    else out.push({ kind, text: token });
  };
  for (let i = 0; i < start; i++) push("same", before[i]!);
  const b = before.slice(start, endB);
  const a = after.slice(start, endA);
  if ((b.length + 1) * (a.length + 1) > MAX_CELLS) {
    for (const token of b) push("removed", token);
    for (const token of a) push("added", token);
  } else middle(b, a, push);
  for (let i = endB; i < before.length; i++) push("same", before[i]!);
  return out;
}

/* Classic LCS table over the changed middle, walked forward so runs come out in reading order. */
function middle(b: readonly string[], a: readonly string[], push: (kind: DiffPart["kind"], token: string) => void) {
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
    if (b[i] === a[j]) (push("same", b[i]!), i++, j++);
    else if (table[(i + 1) * cols + j]! >= table[i * cols + j + 1]!) push("removed", b[i++]!);
    else push("added", a[j++]!);
  }
  while (i < b.length) push("removed", b[i++]!);
  while (j < a.length) push("added", a[j++]!);
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
