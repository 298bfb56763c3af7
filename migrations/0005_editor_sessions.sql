-- Server-side sign-in sessions of the reference site. The signed cookie names one row; signing out
-- deletes it, and removing an editor deletes theirs (ON DELETE CASCADE, and the resolver's join
-- refuses a session whose editor is gone), so access ends on the next request.
CREATE TABLE editor_sessions (
  id TEXT PRIMARY KEY,
  editor_id INTEGER NOT NULL REFERENCES editors(id) ON DELETE CASCADE,
  expires_at INTEGER NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX editor_sessions_editor ON editor_sessions (editor_id);
