-- Languages (issue 37): a page may be a translation of another. Each row gets its `locale` (every
-- existing row is a source in the default locale; the literal 'en' is that default unless the site
-- sets another and rewrites its rows) and `source_id`, the row it translates (null for a source).
-- A slug is unique within its locale instead of across the table, and a source has at most one
-- translation per locale. A translation's version names the source version it was made from.
--
-- SQLite cannot drop a column's UNIQUE in place, so `pages` is rebuilt. Nothing refers to it by
-- a foreign key; its ids are kept (pages_search, versions, comments and share links name them),
-- and so is the id counter, so a deleted page's id is never given to a new one.
CREATE TABLE "pages_next" (
  "id" INTEGER PRIMARY KEY AUTOINCREMENT,
  "slug" TEXT NOT NULL,
  "title" TEXT NOT NULL,
  "body" TEXT NOT NULL DEFAULT '',
  "sections" TEXT NOT NULL DEFAULT '[]',
  "published_version_id" INTEGER,
  "created_at" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  "updated_at" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  "locale" TEXT NOT NULL DEFAULT 'en',
  "source_id" INTEGER
);
INSERT INTO pages_next (id, slug, title, body, sections, published_version_id, created_at, updated_at)
  SELECT id, slug, title, body, sections, published_version_id, created_at, updated_at FROM pages;
CREATE TABLE pages_counter_kept AS SELECT seq FROM sqlite_sequence WHERE name = 'pages';
DROP TABLE pages;
ALTER TABLE pages_next RENAME TO pages;
UPDATE sqlite_sequence SET seq = max(seq, coalesce((SELECT max(seq) FROM pages_counter_kept), 0)) WHERE name = 'pages';
INSERT INTO sqlite_sequence (name, seq) SELECT 'pages', seq FROM pages_counter_kept WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'pages');
DROP TABLE pages_counter_kept;
CREATE UNIQUE INDEX "pages_locale_slug" ON "pages" ("locale", "slug");
CREATE UNIQUE INDEX "pages_source_locale" ON "pages" ("source_id", "locale");

ALTER TABLE "pages_versions" ADD COLUMN "source_version_id" INTEGER;
