-- cms-toolkit media part, generated from the package's Drizzle tables ("cms-toolkit/schema"): do not edit.
-- The media registry (mediaRoute, uploadRoute).
CREATE TABLE "media" (
  "id" INTEGER PRIMARY KEY AUTOINCREMENT,
  "key" TEXT NOT NULL UNIQUE,
  "content_type" TEXT NOT NULL,
  "size" INTEGER NOT NULL,
  "width" INTEGER,
  "height" INTEGER,
  "alt" TEXT NOT NULL DEFAULT '',
  "caption" TEXT NOT NULL DEFAULT '',
  "scope" TEXT,
  "uploaded_by" TEXT,
  "created_at" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  "name" TEXT NOT NULL DEFAULT ''
);
