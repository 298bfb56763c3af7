import { diffSequences, splitReplacements, type Hunk } from "./sequence-diff";
import { planMerge, type MergePlan } from "./three-way-merge";

/**
 * Plans a three-way merge of a writer's sequence into the current one, against the state the
 * writer must have read rather than only the base it was given (see {@link readState}).
 *
 * @example
 * // base "a", live typed "a b c", a writer that read "a b" sent "a b d": "d" is added once
 * planSequenceMerge(["a"], ["a", "b", "c"], ["a", "b", "d"]) // one step: insert "d" after "c"
 */
export function planSequenceMerge<T>(base: readonly T[], current: readonly T[], next: readonly T[], significant?: (item: T) => boolean): MergePlan {
  const read = readState(base, current, next, significant);
  return planMerge(anchoredDiff(read, current, significant), splitReplacements(anchoredDiff(read, next, significant)), { current, next });
}

/**
 * What the writer of `next` must have read, as well as can be told. Its base is not always what it
 * read: a writer without one is merged against the field's last seen value, and live typing after
 * that may have reached the writer through a settle flush before its read. Live insertions the
 * writer's value holds (matched by a diff of the current sequence against `next`, on `significant`
 * items only: a shared space is no evidence) are taken as read, so the merge never inserts them a
 * second time, whatever their position or overlap. Live insertions the writer lacks, or seems to
 * remove, stay unseen and are kept (a writer without a base cannot be told from one that never saw
 * them). Base items live editors deleted stay in the read state, so a writer that never saw the
 * deletion does not bring them back.
 *
 * @example
 * readState(["a"], ["a", "b", "c"], ["a", "b", "d"]) // ["a", "b"]
 */
export function readState<T>(base: readonly T[], current: readonly T[], next: readonly T[], significant: (item: T) => boolean = () => true): T[] {
  const live = anchoredDiff(base, current, significant);
  if (live.length === 0) return [...base];
  const held = heldItems(current, next, significant);
  let read = stateWith(base, current, live, held);
  // A live item the writer's value then seems to remove was not read: it is dropped from the read
  // state, so the merge never removes live typing a writer without a base may never have seen.
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const at = read.items.flatMap((item, k) => (significant(item) ? [k] : []));
    let dropped = false;
    for (const hunk of diffSequences(at.map((k) => read.items[k] as T), next.filter(significant))) {
      for (let i = hunk.aStart; i < hunk.aEnd; i++) {
        const from = read.from[at[i] as number] as number;
        if (from >= 0) {
          held[from] = 0;
          dropped = true;
        }
      }
    }
    if (!dropped) break;
    read = stateWith(base, current, live, held);
  }
  return read.items;
}

/** Rounds of dropping chance matches; each only shrinks the read state, so few are ever needed. */
const MAX_ROUNDS = 4;

/*
 * Which current items the writer's value holds, matched on the significant items alone: a diff
 * over everything would as soon pair three spaces as one word, so filler (spaces, punctuation in
 * text) is never evidence of a read and is never held.
 */
function heldItems<T>(current: readonly T[], next: readonly T[], significant: (item: T) => boolean): Uint8Array {
  const at: number[] = [];
  const mine: T[] = [];
  current.forEach((item, i) => {
    if (significant(item)) at.push(i);
  });
  for (const item of next) if (significant(item)) mine.push(item);
  const matched = new Uint8Array(at.length).fill(1);
  for (const hunk of diffSequences(at.map((i) => current[i] as T), mine)) matched.fill(0, hunk.aStart, hunk.aEnd);
  const held = new Uint8Array(current.length);
  at.forEach((i, k) => {
    held[i] = matched[k] as number;
  });
  return held;
}

/* The read state's items, each with the current index it came from (-1: a base item). */
function stateWith<T>(base: readonly T[], current: readonly T[], live: readonly Hunk[], held: Uint8Array): { items: T[]; from: number[] } {
  const items: T[] = [];
  const from: number[] = [];
  let at = 0;
  for (const hunk of live) {
    for (let i = at; i < hunk.aEnd; i++) {
      items.push(base[i] as T);
      from.push(-1);
    }
    for (let i = hunk.bStart; i < hunk.bEnd; i++) {
      if (held[i] === 1) {
        items.push(current[i] as T);
        from.push(i);
      }
    }
    at = hunk.aEnd;
  }
  for (let i = at; i < base.length; i++) {
    items.push(base[i] as T);
    from.push(-1);
  }
  return { items, from };
}

/**
 * A diff whose matches are chosen on the significant items first, then filler is diffed between
 * those anchors: a plain diff may pair spaces across words by chance, which moves a change away
 * from the word it belongs to (and a merge then inserts that word a second time).
 *
 * @example
 * anchoredDiff(["a", " ", "b"], ["a", " ", "c", " ", "b"], (x) => x !== " ") // one insertion of "c", " "
 */
export function anchoredDiff<T>(a: readonly T[], b: readonly T[], significant: (item: T) => boolean = () => true): Hunk[] {
  const sa = indexesOf(a, significant);
  const sb = indexesOf(b, significant);
  if (sa.length === a.length && sb.length === b.length) return diffSequences(a, b);
  const anchors: [number, number][] = [];
  let i = 0;
  let j = 0;
  const keep = (until: number, untilB: number) => {
    for (; i < until && j < untilB; i++, j++) anchors.push([sa[i] as number, sb[j] as number]);
  };
  for (const hunk of diffSequences(sa.map((k) => a[k] as T), sb.map((k) => b[k] as T))) {
    keep(hunk.aStart, hunk.bStart);
    i = hunk.aEnd;
    j = hunk.bEnd;
  }
  keep(sa.length, sb.length);
  anchors.push([a.length, b.length]);
  const hunks: Hunk[] = [];
  let fromA = 0;
  let fromB = 0;
  for (const [atA, atB] of anchors) {
    for (const h of diffSequences(a.slice(fromA, atA), b.slice(fromB, atB))) hunks.push({ aStart: h.aStart + fromA, aEnd: h.aEnd + fromA, bStart: h.bStart + fromB, bEnd: h.bEnd + fromB });
    fromA = atA + 1;
    fromB = atB + 1;
  }
  return hunks;
}

function indexesOf<T>(items: readonly T[], significant: (item: T) => boolean): number[] {
  const out: number[] = [];
  items.forEach((item, k) => {
    if (significant(item)) out.push(k);
  });
  return out;
}
