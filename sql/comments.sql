-- cms-toolkit comments part, generated from the package's Drizzle tables ("cms-toolkit/schema"): do not edit.
-- Comment threads of pages (review on the page): the durable copy of each room's `cms:comments`, one
-- row per thread and per reply, written by the room; deleting a record deletes its rows.
CREATE TABLE "review_comments" (
  "id" TEXT PRIMARY KEY,
  "collection" TEXT NOT NULL,
  "record_id" INTEGER NOT NULL,
  "parent" TEXT,
  "field" TEXT NOT NULL,
  "quote" TEXT NOT NULL,
  "from_offset" INTEGER,
  "to_offset" INTEGER,
  "text" TEXT NOT NULL,
  "author" TEXT NOT NULL,
  "author_name" TEXT NOT NULL,
  "at" TEXT NOT NULL,
  "edited" TEXT,
  "resolved" TEXT,
  "mentions" TEXT NOT NULL
);
CREATE INDEX "review_comments_record" ON "review_comments" ("collection", "record_id", "parent");
