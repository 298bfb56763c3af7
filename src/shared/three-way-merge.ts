import type { Hunk } from "./sequence-diff";

/**
 * One step of a three-way merge, in the current sequence's coordinates: at `at`, remove `remove`
 * items and put in the writer's items `next[from, to)`.
 */
export interface MergeStep {
  at: number;
  remove: number;
  from: number;
  to: number;
}

/** What a three-way merge decided. */
export interface MergePlan {
  /** Steps to apply to the current sequence, last position first, so earlier indexes stay valid. */
  steps: MergeStep[];
  /** Writer changes (base coordinates) that overlap what live editors changed: not applied. */
  conflicts: Hunk[];
}

/**
 * Merges a writer's changes into a sequence that live editors changed meanwhile. `live` are the
 * changes base → current, `writer` the changes base → next (both as {@link Hunk}s of base). A
 * writer change that touches no live change is moved to where its base region now sits in the
 * current sequence; one that overlaps a live change is a conflict and the live side wins there
 * (what editors see on screen is never taken back under them). The rule is deterministic:
 * insertions at the same base position keep the live text first and the writer's after it; a
 * change only touching the edge of another does not conflict with it.
 *
 * With `items` (the current and the writer's sequences), a change both sides made alike is made
 * once: a writer change of the same base region with the same new items as a live one is already
 * done, and a writer insertion that begins with what live editors inserted at that point adds only
 * the rest (a writer that read the live text and typed on does not get it twice).
 *
 * @example
 * // base "report", live made it "Q3 report", the writer sent "sales report"
 * planMerge(liveHunks, writerHunks) // one step: at 3, insert "sales " (no conflict)
 */
export function planMerge<T>(live: readonly Hunk[], writer: readonly Hunk[], items?: { current: readonly T[]; next: readonly T[] }): MergePlan {
  const steps: MergeStep[] = [];
  const conflicts: Hunk[] = [];
  for (const original of writer) {
    const change = items ? alreadyDone(original, live, items) : original;
    if (change === null) continue;
    if (live.some((other) => overlaps(change, other))) {
      conflicts.push(change);
      continue;
    }
    steps.push({ at: toCurrent(change, live), remove: change.aEnd - change.aStart, from: change.bStart, to: change.bEnd });
  }
  steps.sort((x, y) => y.at - x.at);
  return { steps, conflicts };
}

/*
 * The part of a writer change live editors have not already made: `null` when a live change of
 * the same base region put in the same items (or all of the writer's among them), or a removal of a region live editors removed too;
 * an insertion that starts with a live insertion at the same point loses that start. Anything else
 * is returned as it is.
 */
function alreadyDone<T>(change: Hunk, live: readonly Hunk[], items: { current: readonly T[]; next: readonly T[] }): Hunk | null {
  const twin = live.find((other) => other.aStart === change.aStart && other.aEnd === change.aEnd);
  if (!twin) return change;
  // Live editors removed this region too (replacing it or not): the writer's removal is done.
  if (change.bStart === change.bEnd && change.aStart < change.aEnd) return null;
  const liveLength = twin.bEnd - twin.bStart;
  const writerLength = change.bEnd - change.bStart;
  if (isSubsequence(items.next, change.bStart, change.bEnd, items.current, twin.bStart, twin.bEnd)) return null;
  let same = 0;
  while (same < liveLength && same < writerLength && items.current[twin.bStart + same] === items.next[change.bStart + same]) same++;
  if (same < liveLength) return change;
  if (same === writerLength) return null;
  return change.aStart === change.aEnd ? { ...change, bStart: change.bStart + same } : change;
}

/** Two changes of one base conflict when their base regions share an item, or one inserts strictly inside the other. */
function overlaps(x: Hunk, y: Hunk): boolean {
  if (x.aStart < y.aEnd && y.aStart < x.aEnd) return true;
  const inside = (point: number, h: Hunk) => h.aStart < point && point < h.aEnd;
  if (x.aStart === x.aEnd && inside(x.aStart, y)) return true;
  return y.aStart === y.aEnd && inside(y.aStart, x);
}

/** Where `change`'s base start sits in the current sequence: shifted by every live change before it. */
function toCurrent(change: Hunk, live: readonly Hunk[]): number {
  let shift = 0;
  for (const other of live) {
    // A live insertion at the same point counts as before it: the live text stays first.
    if (other.aEnd <= change.aStart) shift += other.bEnd - other.bStart - (other.aEnd - other.aStart);
  }
  return change.aStart + shift;
}

/* Whether `a[aFrom, aTo)` appears, in order, within `b[bFrom, bTo)`. */
function isSubsequence<T>(a: readonly T[], aFrom: number, aTo: number, b: readonly T[], bFrom: number, bTo: number): boolean {
  let i = aFrom;
  for (let j = bFrom; j < bTo && i < aTo; j++) if (a[i] === b[j]) i++;
  return i === aTo;
}
