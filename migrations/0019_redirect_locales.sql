-- Languages (issue 37): an old address belongs to a locale. A German page's rename leaves `/de/old`
-- leading on, and never `/old`; the same old slug may redirect in each locale. Every redirect made
-- before is the default locale's (the literal 'en', as 0018 set every page's locale).
--
-- SQLite cannot drop a column's PRIMARY KEY in place, so `page_redirects` is rebuilt, keeping each
-- row's rowid; an old address is then unique within its locale.
CREATE TABLE "page_redirects_next" (
  "from_slug" TEXT NOT NULL,
  "to_slug" TEXT NOT NULL,
  "created_at" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  "locale" TEXT NOT NULL DEFAULT 'en'
);
INSERT INTO page_redirects_next (rowid, from_slug, to_slug, created_at)
  SELECT rowid, from_slug, to_slug, created_at FROM page_redirects;
DROP TABLE page_redirects;
ALTER TABLE page_redirects_next RENAME TO page_redirects;
CREATE UNIQUE INDEX "page_redirects_locale_from" ON "page_redirects" ("locale", "from_slug");
