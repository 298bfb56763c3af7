-- cms-toolkit search part, generated from the package's Drizzle tables ("cms-toolkit/schema"): do not edit.
-- Full-text search over published pages (searchRoute).
--
-- pages_search holds the searchable text of published pages only, one row per page with
-- rowid = pages.id. Its columns are the pages collection's search fields, in that order (bm25 weights
-- are positional). It stores its own copy of the text (a regular FTS5 table, not external-content)
-- because what it indexes is derived: rich HTML reduced to text and json fields flattened to their
-- string leaves. An external-content table would re-read pages.body / pages.sections verbatim,
-- which differ from the indexed text, and corrupt deletes. The stored copy also lets snippet() work,
-- which a contentless table cannot do. The toolkit keeps it in step on publish, unpublish and
-- delete; POST /api/cms/pages/reindex rebuilds it.
CREATE VIRTUAL TABLE "pages_search" USING fts5(
  "title",
  "body",
  "sections",
  tokenize = 'unicode61 remove_diacritics 2'
);
