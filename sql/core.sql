-- cms-toolkit core: the editors who sign in through "cms-toolkit/auth" (Drizzle: editors from
-- "cms-toolkit/schema"). A site with its own auth may leave the table empty.
CREATE TABLE editors (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  name TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('editor', 'publisher')),
  password_hash TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
