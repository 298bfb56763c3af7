-- cms-toolkit forms part, generated from the package's Drizzle tables ("cms-toolkit/schema"): do not edit.
-- The shared submissions table (formRoute genericTable, submissionsRoute), the contact form's
-- inquiries, and the used form timing tokens.
CREATE TABLE "submissions" (
  "id" INTEGER PRIMARY KEY AUTOINCREMENT,
  "form" TEXT NOT NULL,
  "data" TEXT NOT NULL,
  "created_at" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX "submissions_form" ON "submissions" ("form", "id");

CREATE TABLE "inquiries" (
  "id" INTEGER PRIMARY KEY AUTOINCREMENT,
  "name" TEXT NOT NULL,
  "email" TEXT NOT NULL,
  "message" TEXT NOT NULL,
  "created_at" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  "read_at" TEXT
);

CREATE TABLE "form_tokens" (
  "id" TEXT PRIMARY KEY,
  "form" TEXT NOT NULL,
  "expires_at" INTEGER NOT NULL
);
CREATE INDEX "form_tokens_expiry" ON "form_tokens" ("expires_at");
