export { MAX_QUERY_TERMS, toFtsQuery } from "./fts-query";
export {
  indexDocumentStatements,
  rebuildSearchIndex,
  removeFromSearchIndex,
  searchDocument,
  searchIndexOf,
  syncSearchEntry,
  unindexStatement,
  type SearchIndex,
} from "./search-index";
export { createSearchCache, noteSearchChange, searchGeneration, SEARCH_CACHE_DEFAULTS, type SearchCache, type SearchCacheOptions } from "./search-cache";
export { searchPublished, SEARCH_RANK_CANDIDATES, type SearchHit, type SearchPublishedOptions } from "./search-published";
export { fieldSearchText, flattenStringLeaves, htmlToText } from "./search-text";
