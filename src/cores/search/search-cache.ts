/*
 * The published generation: a counter this isolate moves after every write that can change what a
 * search answers (publish, unpublish, a PATCH or delete of a live row, a reindex) has committed.
 * A cached answer is served only while the generation it was computed under is still current, so
 * a write through this isolate is seen by the very next search. Writes through another isolate
 * (another Worker instance, a page's room on another machine) cannot move this counter, which is
 * why an answer also has a maximum age.
 */
let generation = 0;

/**
 * Says that published content or its index changed. Call it after the write has committed, never
 * before: a search that started before the commit may have read the old rows, and the move is what
 * keeps its answer from being served afterwards.
 *
 * @example
 * await db.batch(publishStatements);
 * noteSearchChange();
 */
export function noteSearchChange(): void {
  generation++;
}

/** The current published generation of this isolate (for tests and diagnostics). */
export function searchGeneration(): number {
  return generation;
}

/** Limits of a {@link createSearchCache} cache. */
export interface SearchCacheOptions {
  /** Distinct queries kept, least recently used dropped first; default 256. */
  maxEntries?: number;
  /** Longest an answer is served, bounding staleness from writes in other isolates; default 2000 ms. */
  maxAgeMs?: number;
  /** Clock in milliseconds; default `Date.now`. */
  now?: () => number;
}

/** Defaults of {@link createSearchCache}. */
export const SEARCH_CACHE_DEFAULTS = { maxEntries: 256, maxAgeMs: 2000 } as const;

/** A per-isolate cache of search answers, keyed by the caller (query and limit). */
export interface SearchCache {
  /**
   * The answer for `key`: a fresh cached one, the one already being computed (concurrent equal
   * searches share a single query), or `load()`'s. A failed load is not kept.
   */
  read<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Entries held now. */
  readonly size: number;
}

interface Entry {
  generation: number;
  at: number;
  value: Promise<unknown>;
}

/**
 * A cache of search answers for one search configuration (one table, collection and ranking):
 * an answer is reused while the published generation is unchanged and it is younger than
 * `maxAgeMs`. Answers are shared between callers, so treat them as read-only.
 *
 * @example
 * const cache = createSearchCache({ maxAgeMs: 1000 });
 * await searchPublished(env.DB, { table: pages, config: pagesCollection, cache }, "fast sites", 10);
 */
export function createSearchCache(options: SearchCacheOptions = {}): SearchCache {
  const maxEntries = Math.max(1, options.maxEntries ?? SEARCH_CACHE_DEFAULTS.maxEntries);
  const maxAgeMs = Math.max(0, options.maxAgeMs ?? SEARCH_CACHE_DEFAULTS.maxAgeMs);
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();

  return {
    get size() {
      return entries.size;
    },
    read<T>(key: string, load: () => Promise<T>): Promise<T> {
      const at = now();
      const hit = entries.get(key);
      if (hit && hit.generation === generation && at - hit.at < maxAgeMs) {
        // Map order is insertion order: re-inserting marks the entry most recently used.
        entries.delete(key);
        entries.set(key, hit);
        return hit.value as Promise<T>;
      }
      // The generation is read before the query starts: a write committing meanwhile moves it, and
      // this answer is then never served again.
      const entry: Entry = { generation, at, value: load() };
      entries.delete(key);
      entries.set(key, entry);
      entry.value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      return entry.value as Promise<T>;
    },
  };
}
