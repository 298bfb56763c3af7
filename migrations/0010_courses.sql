-- The demo's `courses` collection (src/site/courses.ts): one column per typed field, with drafts.
CREATE TABLE courses (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  slug TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  day TEXT,
  starts_at TEXT,
  price REAL,
  seats INTEGER,
  free INTEGER NOT NULL DEFAULT 0,
  level TEXT,
  link TEXT,
  image TEXT,
  published_version_id INTEGER,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE courses_versions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  parent_id INTEGER NOT NULL,
  status TEXT NOT NULL DEFAULT 'draft',
  version_data TEXT NOT NULL,
  created_by TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE INDEX courses_versions_parent_status ON courses_versions (parent_id, status, id);
