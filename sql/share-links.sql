-- cms-toolkit share-links part, generated from the package's Drizzle tables ("cms-toolkit/schema"): do not edit.
-- Share links of drafts (createCms({ shareLinks })): the token is the id plus an HMAC of it, never
-- stored; revoked links keep their row. Times are Unix seconds.
CREATE TABLE "share_links" (
  "id" TEXT PRIMARY KEY,
  "collection" TEXT NOT NULL,
  "record_id" INTEGER NOT NULL,
  "created_by" TEXT NOT NULL,
  "created_at" INTEGER NOT NULL,
  "expires_at" INTEGER NOT NULL,
  "revoked_at" INTEGER
);
CREATE INDEX "share_links_record" ON "share_links" ("collection", "record_id");
