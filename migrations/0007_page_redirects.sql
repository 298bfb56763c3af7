-- Old addresses of renamed pages (src/tables/pages.ts `pageRedirects`): publish writes one when a
-- page's slug changes; chains collapse so every row names the newest address.
CREATE TABLE page_redirects (
  from_slug TEXT PRIMARY KEY,
  to_slug TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
