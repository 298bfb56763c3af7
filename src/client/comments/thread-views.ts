import { spanOf, wordsIn, type CommentTarget, type Span } from "./anchors";
import type { Thread } from "./threads";

/** A thread placed on the page: its target and words now, for the panel, the highlights and the count. */
export interface PlacedThread<T extends CommentTarget = CommentTarget> {
  thread: Thread;
  target: T | null;
  /** Where its words are now; null for a whole-section thread, deleted words or a field not on the page. */
  span: Span | null;
  /** The words now; null once deleted (or the field is gone); undefined for a whole-section thread. */
  words: string | null | undefined;
}

/**
 * Finds each thread's words on the page now through its anchors: a thread on a field the page
 * shows gets its span and words; one whose words were all deleted (its ends meet), or whose field
 * or section is gone, gets `words: null`; a whole-section thread gets `words: undefined`.
 *
 * @example
 * placeThreads(readThreads(doc), targetsByField) // [{ thread, target, span: { from: 4, to: 9 }, words: "price" }]
 */
export function placeThreads<T extends CommentTarget>(threads: readonly Thread[], targets: ReadonlyMap<string, T>): PlacedThread<T>[] {
  return threads.map((thread) => {
    const target = targets.get(thread.field) ?? null;
    if (!target) return { thread, target, span: null, words: null };
    if (target.kind === "entry") return { thread, target, span: null, words: undefined };
    const span = spanOf(target, thread.from, thread.to);
    if (!span || span.from >= span.to) return { thread, target, span: null, words: null };
    return { thread, target, span, words: wordsIn(target, span) };
  });
}

/**
 * The threads the panel lists, in page order (`top`: how far down the page each begins; a thread
 * with no place goes last, by time), resolved ones only when `showResolved`.
 *
 * @example
 * listed(placed, false, (p) => topOf(p.target!, p.span)) // open threads, top to bottom
 */
export function listed<T extends CommentTarget>(placed: readonly PlacedThread<T>[], showResolved: boolean, top: (placed: PlacedThread<T>) => number | null): PlacedThread<T>[] {
  return placed
    .filter((p) => showResolved || p.thread.resolved === null)
    .map((p) => ({ p, y: p.target ? top(p) : null }))
    .sort((a, b) => {
      if (a.y === null || b.y === null) return a.y === null && b.y === null ? a.p.thread.at.localeCompare(b.p.thread.at) : a.y === null ? 1 : -1;
      return a.y - b.y || (a.p.span?.from ?? -1) - (b.p.span?.from ?? -1) || a.p.thread.at.localeCompare(b.p.thread.at);
    })
    .map(({ p }) => p);
}

/**
 * How many threads are open (not resolved): the edit bar's count.
 *
 * @example
 * openCount(readThreads(doc)) // 3
 */
export function openCount(threads: readonly Thread[]): number {
  return threads.filter((thread) => thread.resolved === null).length;
}
