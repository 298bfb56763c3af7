-- cms-toolkit core part, generated from the package's Drizzle tables ("cms-toolkit/schema"): do not edit.
-- The editors who sign in through "cms-toolkit/auth", and their sessions. A site with its own auth
-- may leave the tables empty.
--
-- Upgrades included: core-roles, core-team-links, core-activity, core-second-factor, core-unflushed-rooms, core-scheduled-publishes, core-room-sessions
CREATE TABLE "editors" (
  "id" INTEGER PRIMARY KEY AUTOINCREMENT,
  "email" TEXT NOT NULL UNIQUE COLLATE NOCASE,
  "name" TEXT NOT NULL,
  "role" TEXT NOT NULL CHECK (role IN ('editor', 'publisher', 'admin')),
  "password_hash" TEXT NOT NULL,
  "scopes" TEXT NOT NULL DEFAULT '{}',
  "last_active_at" TEXT,
  "created_at" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- The signed cookie names one session; signing out deletes it, and removing an editor deletes
-- theirs, so access ends on the next request.
CREATE TABLE "editor_sessions" (
  "id" TEXT PRIMARY KEY,
  "editor_id" INTEGER NOT NULL REFERENCES "editors"("id") ON DELETE CASCADE,
  "expires_at" INTEGER NOT NULL,
  "created_at" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX "editor_sessions_editor" ON "editor_sessions" ("editor_id");

-- Invite and password-reset links (the Team panel): only an HMAC of each token is stored, and a
-- used link keeps its row (`used_at`).
CREATE TABLE "team_links" (
  "id" INTEGER PRIMARY KEY AUTOINCREMENT,
  "token_hash" TEXT NOT NULL UNIQUE,
  "kind" TEXT NOT NULL CHECK (kind IN ('invite', 'reset')),
  "email" TEXT NOT NULL COLLATE NOCASE,
  "name" TEXT NOT NULL,
  "role" TEXT NOT NULL CHECK (role IN ('editor', 'publisher', 'admin')),
  "scopes" TEXT NOT NULL DEFAULT '{}',
  "editor_id" INTEGER REFERENCES "editors"("id") ON DELETE CASCADE,
  "created_by" TEXT NOT NULL,
  "created_at" INTEGER NOT NULL,
  "expires_at" INTEGER NOT NULL,
  "used_at" INTEGER
);
CREATE INDEX "team_links_email" ON "team_links" ("email");

-- The activity log (GET /api/cms/activity): who did what and when, one row per write, appended and
-- never changed by the toolkit. `at` is an ISO time in milliseconds; `detail` a small JSON object.
CREATE TABLE "activity" (
  "id" INTEGER PRIMARY KEY AUTOINCREMENT,
  "at" TEXT NOT NULL,
  "actor_id" TEXT,
  "actor_name" TEXT NOT NULL,
  "kind" TEXT NOT NULL,
  "collection" TEXT,
  "record_id" INTEGER,
  "version_id" INTEGER,
  "detail" TEXT NOT NULL,
  "request_id" TEXT NOT NULL
);
CREATE INDEX "activity_actor" ON "activity" ("actor_id", "id");
CREATE INDEX "activity_record" ON "activity" ("record_id", "collection", "id");
CREATE INDEX "activity_kind" ON "activity" ("kind", "id");

-- A second factor: the account's sealed TOTP secret and last accepted step, and its one-time
-- recovery codes (hashed). Removing an editor removes both.
CREATE TABLE "editor_totp" (
  "editor_id" INTEGER PRIMARY KEY REFERENCES "editors"("id") ON DELETE CASCADE,
  "secret" TEXT NOT NULL,
  "enabled_at" INTEGER,
  "last_step" INTEGER NOT NULL DEFAULT 0,
  "created_at" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE "editor_recovery_codes" (
  "code_hash" TEXT PRIMARY KEY,
  "editor_id" INTEGER NOT NULL REFERENCES "editors"("id") ON DELETE CASCADE,
  "created_at" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX "editor_recovery_codes_editor" ON "editor_recovery_codes" ("editor_id");

-- Rooms whose acknowledged edits D1 has not received yet, added when a room turns dirty and
-- deleted once its draft is written: an export flushes them first, the health check flags old ones.
CREATE TABLE "unflushed_rooms" (
  "room" TEXT PRIMARY KEY,
  "dirty_since" INTEGER NOT NULL
);

-- Pending scheduled publishes, one per page: the D1 copy of each room's timer, written before the
-- room arms it and deleted when it fires or is cancelled, so an export carries them and an import re-arms them.
CREATE TABLE "scheduled_publishes" (
  "room" TEXT PRIMARY KEY,
  "version_id" INTEGER,
  "at" INTEGER NOT NULL,
  "restore" INTEGER NOT NULL DEFAULT 0,
  "scheduler" TEXT NOT NULL
);

-- The rooms holding an open connection of each sign-in session, added by the room as it admits one
-- and deleted as the session's last one there closes: a sign-out or a change of access tells them at once.
CREATE TABLE "room_sessions" (
  "room" TEXT NOT NULL,
  "session_id" TEXT NOT NULL,
  "editor_id" TEXT NOT NULL
);
CREATE UNIQUE INDEX "room_sessions_session_room" ON "room_sessions" ("session_id", "room");
CREATE INDEX "room_sessions_editor" ON "room_sessions" ("editor_id");
