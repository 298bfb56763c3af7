-- cms-toolkit forms (optional): the shared submissions table (formRoute genericTable,
-- submissionsRoute) and the contact form's inquiries. Drizzle: submissions, inquiries.
CREATE TABLE submissions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  form TEXT NOT NULL,
  data TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
-- Review lists read one form newest first.
CREATE INDEX submissions_form ON submissions (form, id);

CREATE TABLE inquiries (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  message TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  -- When an editor marked it read; NULL while unread.
  read_at TEXT
);

-- Used form timing tokens: one stored submission per token, within two hours.
CREATE TABLE form_tokens (
  id TEXT PRIMARY KEY,
  form TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX form_tokens_expiry ON form_tokens (expires_at);
