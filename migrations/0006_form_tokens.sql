-- Used form timing tokens: a token is good for one stored submission within two hours; rows past
-- that age are deleted whenever a new token is claimed.
CREATE TABLE form_tokens (
  id TEXT PRIMARY KEY,
  form TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX form_tokens_expiry ON form_tokens (expires_at);
