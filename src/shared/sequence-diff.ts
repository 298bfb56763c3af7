/**
 * One changed region between two sequences: `a[aStart, aEnd)` became `b[bStart, bEnd)`. A pure
 * insertion has `aStart === aEnd`, a pure deletion `bStart === bEnd`.
 */
export interface Hunk {
  aStart: number;
  aEnd: number;
  bStart: number;
  bEnd: number;
}

/**
 * Past this many steps of edit distance the diff stops looking and reports one changed region: the
 * search keeps one state vector per step, so this also bounds its memory (about 8 MB at worst).
 */
const MAX_EDIT_DISTANCE = 1_000;

/**
 * The changed regions from `a` to `b` (a shortest edit script, Myers' O(ND) algorithm, over
 * whatever items the caller compares: grapheme clusters of a text, blocks of a document), in
 * order, with adjacent changes joined. Common ends are trimmed first, so the usual small edit costs
 * little; when the two differ by more than {@link MAX_EDIT_DISTANCE} edits the middle is reported
 * as one region rather than spending quadratic time.
 *
 * @example
 * diffSequences([..."abcd"], [..."axcd"]) // [{ aStart: 1, aEnd: 2, bStart: 1, bEnd: 2 }]
 */
export function diffSequences<T>(a: readonly T[], b: readonly T[], equal: (x: T, y: T) => boolean = Object.is): Hunk[] {
  let start = 0;
  while (start < a.length && start < b.length && equal(a[start] as T, b[start] as T)) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && equal(a[endA - 1] as T, b[endB - 1] as T)) {
    endA--;
    endB--;
  }
  if (start === endA && start === endB) return [];
  const matches = middleMatches(a, b, start, endA, start, endB, equal);
  if (matches === null) return [{ aStart: start, aEnd: endA, bStart: start, bEnd: endB }];
  return slideRight(hunksBetween(matches, start, endA, start, endB), a, b, equal);
}

/**
 * Splits each replacement into one-for-one replacements (then the extra deletions or insertions),
 * so a three-way merge compares item with item: a writer who rewrote blocks 1 and 2 conflicts
 * with a live edit of block 1 only, not of both.
 *
 * @example
 * splitReplacements([{ aStart: 0, aEnd: 2, bStart: 0, bEnd: 3 }])
 * // [{ 0,1 → 0,1 }, { 1,2 → 1,2 }, { 2,2 → 2,3 }]
 */
export function splitReplacements(hunks: readonly Hunk[]): Hunk[] {
  const out: Hunk[] = [];
  for (const hunk of hunks) {
    const pairs = Math.min(hunk.aEnd - hunk.aStart, hunk.bEnd - hunk.bStart);
    for (let i = 0; i < pairs; i++) out.push({ aStart: hunk.aStart + i, aEnd: hunk.aStart + i + 1, bStart: hunk.bStart + i, bEnd: hunk.bStart + i + 1 });
    if (hunk.aEnd - hunk.aStart > pairs || hunk.bEnd - hunk.bStart > pairs) {
      out.push({ aStart: hunk.aStart + pairs, aEnd: hunk.aEnd, bStart: hunk.bStart + pairs, bEnd: hunk.bEnd });
    }
  }
  return out;
}

/** Matched index pairs of a shortest edit script of `a[a0,a1)` → `b[b0,b1)`, or null past the cap. */
function middleMatches<T>(a: readonly T[], b: readonly T[], a0: number, a1: number, b0: number, b1: number, equal: (x: T, y: T) => boolean): [number, number][] | null {
  const n = a1 - a0;
  const m = b1 - b0;
  const max = Math.min(n + m, MAX_EDIT_DISTANCE);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && (v[offset + k - 1] as number) < (v[offset + k + 1] as number)) ? (v[offset + k + 1] as number) : (v[offset + k - 1] as number) + 1;
      let y = x - k;
      while (x < n && y < m && equal(a[a0 + x] as T, b[b0 + y] as T)) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, offset, n, m, a0, b0, a, b, equal);
    }
  }
  return null;
}

function backtrack<T>(trace: Int32Array[], offset: number, n: number, m: number, a0: number, b0: number, a: readonly T[], b: readonly T[], equal: (x: T, y: T) => boolean): [number, number][] {
  const matches: [number, number][] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0; d--) {
    const v = trace[d] as Int32Array;
    const k = x - y;
    const down = k === -d || (k !== d && (v[offset + k - 1] as number) < (v[offset + k + 1] as number));
    const prevK = down ? k + 1 : k - 1;
    const prevX = d === 0 ? 0 : (v[offset + prevK] as number);
    const prevY = d === 0 ? 0 : prevX - prevK;
    while (x > prevX && y > prevY && equal(a[a0 + x - 1] as T, b[b0 + y - 1] as T)) {
      matches.push([a0 + x - 1, b0 + y - 1]);
      x--;
      y--;
    }
    x = prevX;
    y = prevY;
  }
  return matches.reverse();
}

/**
 * A pure insertion or deletion inside a run of equal items can sit at several places ("a 2 b"
 * from "a b": " 2" after "a" or "2 " before "b"). Each is moved as far right as it goes, so the
 * same change always gets the same place and a change next to another one touches its edge
 * instead of landing inside it.
 */
function slideRight<T>(hunks: Hunk[], a: readonly T[], b: readonly T[], equal: (x: T, y: T) => boolean): Hunk[] {
  for (let i = 0; i < hunks.length; i++) {
    const h = hunks[i] as Hunk;
    const limitA = i + 1 < hunks.length ? (hunks[i + 1] as Hunk).aStart : a.length;
    const limitB = i + 1 < hunks.length ? (hunks[i + 1] as Hunk).bStart : b.length;
    if (h.aStart === h.aEnd) {
      while (h.aStart < limitA && h.bEnd < limitB && equal(b[h.bStart] as T, b[h.bEnd] as T)) {
        h.aStart++;
        h.aEnd++;
        h.bStart++;
        h.bEnd++;
      }
    } else if (h.bStart === h.bEnd) {
      while (h.aEnd < limitA && h.bStart < limitB && equal(a[h.aStart] as T, a[h.aEnd] as T)) {
        h.aStart++;
        h.aEnd++;
        h.bStart++;
        h.bEnd++;
      }
    }
  }
  return hunks;
}

function hunksBetween(matches: [number, number][], a0: number, a1: number, b0: number, b1: number): Hunk[] {
  const hunks: Hunk[] = [];
  let i = a0;
  let j = b0;
  for (const [x, y] of [...matches, [a1, b1] as [number, number]]) {
    if (x > i || y > j) hunks.push({ aStart: i, aEnd: x, bStart: j, bEnd: y });
    i = x + 1;
    j = y + 1;
  }
  return hunks;
}
