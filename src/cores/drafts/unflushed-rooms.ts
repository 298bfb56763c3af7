/*
 * The list of rooms holding acknowledged edits that D1 has not received yet (table
 * `unflushed_rooms`). Durable Objects cannot be enumerated, so a room writes its own row when it
 * turns dirty and deletes it once its draft is in D1; an export flushes the listed rooms before it
 * reads, and the health check reports rows older than the room's maximum wait.
 */

/** One listed room: its name (`<collection>:<id>`) and since when (Unix ms) it has been dirty. */
export interface UnflushedRoom {
  room: string;
  dirtySince: number;
}

/**
 * Lists a room as holding unflushed edits; a row already there keeps its earlier time.
 *
 * @example
 * await markUnflushed(env.DB, "pages:12", Date.now());
 */
export async function markUnflushed(db: D1Database, room: string, since: number): Promise<void> {
  await db.prepare(`INSERT INTO "unflushed_rooms" ("room", "dirty_since") VALUES (?1, ?2) ON CONFLICT ("room") DO NOTHING`).bind(room, since).run();
}

/**
 * Takes a room off the list: D1 has every edit it acknowledged.
 *
 * @example
 * await clearUnflushed(env.DB, "pages:12");
 */
export async function clearUnflushed(db: D1Database, room: string): Promise<void> {
  await db.prepare(`DELETE FROM "unflushed_rooms" WHERE "room" = ?1`).bind(room).run();
}

/**
 * Every listed room, oldest first.
 *
 * @example
 * const rooms = await listUnflushed(env.DB); // [{ room: "pages:12", dirtySince: 1764340000000 }]
 */
export async function listUnflushed(db: D1Database): Promise<UnflushedRoom[]> {
  const { results } = await db.prepare(`SELECT "room", "dirty_since" AS "dirtySince" FROM "unflushed_rooms" ORDER BY "dirty_since", "room"`).all<UnflushedRoom>();
  return results;
}
