-- cms-toolkit settings (optional): the settings singleton and its blob variant (settingsRoute,
-- blobSettingsRoute). Drizzle: siteSettings, siteSettingsBlob.
-- One row, id 1: the CHECK makes a second row impossible rather than merely unused.
CREATE TABLE site_settings (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  site_name TEXT,
  tagline TEXT,
  logo TEXT,
  favicon TEXT,
  share_image TEXT,
  contact_email TEXT,
  custom TEXT NOT NULL DEFAULT '{}',
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE site_settings_blob (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  data TEXT NOT NULL DEFAULT '{}',
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
