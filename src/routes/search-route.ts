import type { Table } from "drizzle-orm";
import type { CollectionConfig } from "../cores/collection";
import type { D1Client } from "../cores/d1-client";
import { createSearchCache, rebuildSearchIndex, searchIndexOf, searchPublished, type SearchCache, type SearchCacheOptions } from "../cores/search";
import { HttpError } from "../shared/errors";
import type { EditorRoute, EditorRouteEnv } from "../shared/route-types";
import type { ResolveEditor } from "../shared/session";
import { guardEditor } from "./guard";
import { guardEditorRead } from "./editor-read";
import { json } from "./json";
import { matchPath } from "./match-path";
import { assertMethod, withErrorEdge } from "./run-editor-route";
import { pageLimit, SEARCH_BOUNDS } from "../shared/write-input";
import { readLocale, type Languages } from "../shared/locales";

export interface SearchRouteConfig<Env extends EditorRouteEnv = EditorRouteEnv> {
  /** The Drizzle table of live rows. */
  table: Table;
  /** The collection; must declare `search`. */
  config: CollectionConfig;
  resolveEditor: ResolveEditor<Env>;
  /** bm25 weight per indexed field; default `title` 10, others 1. */
  weights?: Record<string, number>;
  /** Fields each hit carries besides `id`, `snippet` and `score`; default the collection's `text` fields. */
  resultFields?: readonly string[];
  /** Matches ranked when more match: see `SearchPublishedOptions.rankCandidates` (default 200; `Infinity` ranks all). */
  rankCandidates?: number;
  /** Mount point; default `/api/cms/pages`. */
  basePath?: string;
  /**
   * The published-generation cache of answers (default on, `SEARCH_CACHE_DEFAULTS`): a repeated
   * search is answered from this isolate's memory until something is published or `maxAgeMs`
   * passes. A `SearchCache` is used as it is, so readers that search with the same options share
   * one (`createCms` gives a collection's route and `CmsService.search` the same). `false` sends
   * every search to the database.
   */
  cache?: SearchCacheOptions | SearchCache | false;
  /** A translated collection's languages: `?locale=` picks the locale searched, default the default locale. */
  languages?: Languages | null;
}

/** Search `limit`: default and cap (DESIGN.md §2). */
export const SEARCH_DEFAULT_LIMIT = SEARCH_BOUNDS.defaultLimit;
export const SEARCH_MAX_LIMIT = SEARCH_BOUNDS.maxLimit;
/** Longest `q` accepted; only the first `MAX_QUERY_TERMS` words are searched anyway. */
export const SEARCH_MAX_QUERY_LENGTH = 500;

/**
 * Full-text search over published rows: `GET {basePath}/search?q=&limit=&locale=` answers
 * `{ items: [{ id, …resultFields, snippet, score }] }`, best first; `POST {basePath}/reindex`
 * rebuilds the index from the table and answers `{ indexed }`. Both need an editor. A blank `q`
 * is a 400; `limit` defaults to 10 and is clamped into 1..50. Mount before `pagesRoute`. Repeated
 * searches are answered from memory while nothing is published (see `cache`).
 *
 * @example
 * const route = searchRoute({ table: pages, config: pagesCollection, resolveEditor });
 */
export function searchRoute<Env extends EditorRouteEnv>(config: SearchRouteConfig<Env>): EditorRoute<Env> {
  if (!searchIndexOf(config.config)) throw new TypeError(`searchRoute: collection ${config.config.slug} has no search config`);
  const basePath = config.basePath ?? "/api/cms/pages";
  const options = {
    table: config.table,
    config: config.config,
    ...(config.weights ? { weights: config.weights } : {}),
    ...(config.resultFields ? { resultFields: config.resultFields } : {}),
    ...(config.rankCandidates === undefined ? {} : { rankCandidates: config.rankCandidates }),
    ...(config.cache === false ? {} : { cache: isSearchCache(config.cache) ? config.cache : createSearchCache(config.cache) }),
  };

  return withErrorEdge<Env>(async (request, env) => {
    const url = new URL(request.url);
    if (matchPath(`${basePath}/search`, url.pathname)) {
      assertMethod(request, ["GET"]);
      // One D1 round trip, cache miss included: the session check rides with the search query
      // (a refused session still answers 401 before a bad query's 400). Shared, because equal
      // searches share one in-flight query and its cached answer.
      const search = (db: D1Client) => searchPublished(db, options, readQuery(url), readLimit(url), readLocale(url.searchParams.get("locale"), config.languages ?? null));
      const { value: items } = await guardEditorRead(request, env, config.resolveEditor, env.DB, search, {}, true);
      return json({ items });
    }
    if (matchPath(`${basePath}/reindex`, url.pathname)) {
      assertMethod(request, ["POST"]);
      await guardEditor(request, env, config.resolveEditor);
      return json(await rebuildSearchIndex(env.DB, options));
    }
    return undefined;
  });
}

function isSearchCache(cache: SearchCacheOptions | SearchCache | undefined): cache is SearchCache {
  return typeof (cache as Partial<SearchCache> | undefined)?.read === "function";
}

function readQuery(url: URL): string {
  const q = url.searchParams.get("q") ?? "";
  if (q.trim() === "") throw new HttpError(400, "q is required: the text to search for", { code: "invalid_query" });
  if (q.length > SEARCH_MAX_QUERY_LENGTH) {
    throw new HttpError(400, `q is longer than ${SEARCH_MAX_QUERY_LENGTH} characters`, { code: "invalid_query" });
  }
  return q;
}

/** A `limit` that is not an integer is a 400; an integer out of range is clamped. */
function readLimit(url: URL): number {
  return pageLimit(url.searchParams.get("limit"), SEARCH_BOUNDS);
}
