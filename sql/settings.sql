-- cms-toolkit settings part, generated from the package's Drizzle tables ("cms-toolkit/schema"): do not edit.
-- The settings singleton and its blob variant (settingsRoute, blobSettingsRoute).
CREATE TABLE "site_settings" (
  "id" INTEGER PRIMARY KEY CHECK (id = 1),
  "site_name" TEXT,
  "tagline" TEXT,
  "logo" TEXT,
  "favicon" TEXT,
  "share_image" TEXT,
  "contact_email" TEXT,
  "custom" TEXT NOT NULL DEFAULT '{}',
  "updated_at" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE "site_settings_blob" (
  "id" INTEGER PRIMARY KEY CHECK (id = 1),
  "data" TEXT NOT NULL DEFAULT '{}',
  "updated_at" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
