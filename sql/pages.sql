-- cms-toolkit pages part, generated from the package's Drizzle tables ("cms-toolkit/schema"): do not edit.
-- A ready `pages` collection (drafts on, translatable), its versions and the redirects of renamed
-- pages, as the reference site declares them.
--
-- Upgrades included: pages-locales, pages-redirect-locales
CREATE TABLE "pages" (
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
CREATE UNIQUE INDEX "pages_locale_slug" ON "pages" ("locale", "slug");
CREATE UNIQUE INDEX "pages_source_locale" ON "pages" ("source_id", "locale");

-- Resume and publish read "the newest draft of a page"; retention counts drafts by status.
CREATE TABLE "pages_versions" (
  "id" INTEGER PRIMARY KEY AUTOINCREMENT,
  "parent_id" INTEGER NOT NULL,
  "status" TEXT NOT NULL DEFAULT 'draft',
  "version_data" TEXT NOT NULL,
  "created_by" TEXT,
  "created_at" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  "source_version_id" INTEGER
);
CREATE INDEX "pages_versions_parent" ON "pages_versions" ("parent_id", "id");
CREATE INDEX "pages_versions_parent_status" ON "pages_versions" ("parent_id", "status", "id");

-- Old addresses of renamed pages, per locale: publish of a slug change sends the old one on, permanently.
CREATE TABLE "page_redirects" (
  "from_slug" TEXT NOT NULL,
  "to_slug" TEXT NOT NULL,
  "created_at" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  "locale" TEXT NOT NULL DEFAULT 'en'
);
CREATE UNIQUE INDEX "page_redirects_locale_from" ON "page_redirects" ("locale", "from_slug");
