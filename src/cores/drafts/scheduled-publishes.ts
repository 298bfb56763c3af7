/*
 * The D1 copy of each room's pending scheduled publish (table `scheduled_publishes`, one row per
 * room). The room's timer fires it; this row is what an export carries, what a room started without
 * storage (a fresh deployment, an import) arms again, and what the health check reads to find
 * schedules that are overdue or that no room has armed.
 */
import type { EditorSession } from "../../shared/session";

/** A pending schedule as its row holds it. */
export interface ScheduleRow {
  /** `<collection>:<id>`. */
  room: string;
  versionId: number | null;
  /** Unix milliseconds. */
  at: number;
  restore: boolean;
  /** Who scheduled it, without their sign-in id (a schedule outlives the sign-in that set it). */
  scheduler: EditorSession;
}

interface StoredRow {
  room: string;
  versionId: number | null;
  at: number;
  restore: number;
  scheduler: string;
}

const COLUMNS = `"room", "version_id" AS "versionId", "at", "restore", "scheduler"`;

/**
 * Writes (or replaces) a room's pending schedule.
 *
 * @example
 * await saveScheduleRow(env.DB, { room: "pages:12", versionId: 43, at: Date.parse("2030-01-01T09:00:00Z"), restore: false, scheduler: session });
 */
export async function saveScheduleRow(db: D1Database, row: ScheduleRow): Promise<void> {
  const { sessionId: _sessionId, sessionExpiresAt: _expires, secondFactorMissing: _missing, ...scheduler } = row.scheduler;
  await db
    .prepare(
      `INSERT INTO "scheduled_publishes" ("room", "version_id", "at", "restore", "scheduler") VALUES (?1, ?2, ?3, ?4, ?5)
       ON CONFLICT ("room") DO UPDATE SET "version_id" = excluded."version_id", "at" = excluded."at", "restore" = excluded."restore", "scheduler" = excluded."scheduler"`,
    )
    .bind(row.room, row.versionId, row.at, row.restore ? 1 : 0, JSON.stringify(scheduler))
    .run();
}

/**
 * Deletes a room's schedule row (it fired, was cancelled, or its record is gone).
 *
 * @example
 * await deleteScheduleRow(env.DB, "pages:12");
 */
export async function deleteScheduleRow(db: D1Database, room: string): Promise<void> {
  await db.prepare(`DELETE FROM "scheduled_publishes" WHERE "room" = ?1`).bind(room).run();
}

/**
 * A room's schedule row, or `null`.
 *
 * @example
 * await readScheduleRow(env.DB, "pages:12") // { room: "pages:12", versionId: 43, at: 1893488400000, … }
 */
export async function readScheduleRow(db: D1Database, room: string): Promise<ScheduleRow | null> {
  const row = await db.prepare(`SELECT ${COLUMNS} FROM "scheduled_publishes" WHERE "room" = ?1`).bind(room).first<StoredRow>();
  return row ? scheduleRowOf(row) : null;
}

/**
 * The pending schedules, soonest first, at most `limit`.
 *
 * @example
 * await listScheduleRows(env.DB, 50)
 */
export async function listScheduleRows(db: Pick<D1Database, "prepare">, limit: number): Promise<ScheduleRow[]> {
  const { results } = await db.prepare(`SELECT ${COLUMNS} FROM "scheduled_publishes" ORDER BY "at", "room" LIMIT ?1`).bind(limit).all<StoredRow>();
  return results.map(scheduleRowOf);
}

function scheduleRowOf(row: StoredRow): ScheduleRow {
  return { room: row.room, versionId: row.versionId, at: row.at, restore: row.restore === 1, scheduler: JSON.parse(row.scheduler) as EditorSession };
}
