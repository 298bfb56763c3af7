-- The example's own collection: posts with drafts. The toolkit's tables (editors) come from
-- `npx cms-toolkit migrations migrations --parts core`, numbered after this file.
CREATE TABLE posts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  title TEXT NOT NULL,
  body TEXT NOT NULL DEFAULT '',
  published_version_id INTEGER
);

CREATE TABLE posts_versions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  parent_id INTEGER NOT NULL,
  status TEXT NOT NULL DEFAULT 'draft',
  version_data TEXT NOT NULL,
  created_by TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX posts_versions_parent_status ON posts_versions (parent_id, status, id);

INSERT INTO posts (title, body) VALUES ('Hello from the example', '<p>The first post, not yet published.</p>');
