-- Roles and scopes (the team). A third role, `admin`, manages people, settings and the menu; every
-- account gets scopes (JSON, see src/shared/access-scope.ts: collections, page address prefixes,
-- read-only fields; '{}' is unscoped) and the time it was last active.
--
-- SQLite cannot change a CHECK in place, so `editors` is rebuilt. `editor_sessions` refers to it
-- with ON DELETE CASCADE, and dropping `editors` would delete every session: the sessions are set
-- aside and put back, so nobody is signed out by the upgrade; and the id counter is carried over,
-- so a removed account's id is never given to someone else (drafts name their author by id).
CREATE TABLE editors_next (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  name TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('editor', 'publisher', 'admin')),
  password_hash TEXT NOT NULL,
  scopes TEXT NOT NULL DEFAULT '{}',
  last_active_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
INSERT INTO editors_next (id, email, name, role, password_hash, created_at)
  SELECT id, email, name, role, password_hash, created_at FROM editors;
CREATE TABLE editor_sessions_kept AS SELECT id, editor_id, expires_at, created_at FROM editor_sessions;
CREATE TABLE editors_counter_kept AS SELECT seq FROM sqlite_sequence WHERE name = 'editors';
DROP TABLE editor_sessions;
DROP TABLE editors;
ALTER TABLE editors_next RENAME TO editors;
UPDATE sqlite_sequence SET seq = max(seq, coalesce((SELECT max(seq) FROM editors_counter_kept), 0)) WHERE name = 'editors';
DROP TABLE editors_counter_kept;
CREATE TABLE editor_sessions (
  id TEXT PRIMARY KEY,
  editor_id INTEGER NOT NULL REFERENCES editors(id) ON DELETE CASCADE,
  expires_at INTEGER NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX editor_sessions_editor ON editor_sessions (editor_id);
INSERT INTO editor_sessions (id, editor_id, expires_at, created_at)
  SELECT id, editor_id, expires_at, created_at FROM editor_sessions_kept;
DROP TABLE editor_sessions_kept;
