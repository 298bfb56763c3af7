import type { D1Client } from "../d1-client";
import { listScheduleRows } from "../drafts/scheduled-publishes";
import type { HealthCheck } from "./run-checks";

/**
 * A room answers and stores: `probe` writes, reads back and deletes a value in a room's storage
 * (a probe room that belongs to no record). A failure is `degraded`: live editing and draft
 * writes fail, published pages still serve.
 *
 * @example
 * roomCheck(() => probeRoomStorage(env.PAGE_ROOM))
 */
export function roomCheck(probe: () => Promise<void>): HealthCheck {
  return { name: "room", failure: "degraded", run: probe };
}

/** How many pending schedules the schedule check reads and re-arms, at most (soonest first). */
export const SCHEDULE_SCAN_LIMIT = 50;

/**
 * How late a scheduled publish may be before it counts as overdue: its room's alarm fires at the
 * time, and a failed run is retried by the runtime within seconds.
 */
export const SCHEDULE_GRACE_MS = 60_000;

/**
 * No scheduled publish is overdue: the pending schedules are read from their D1 copies
 * (`scheduled_publishes`, soonest first, the first {@link SCHEDULE_SCAN_LIMIT}), and one whose time
 * passed more than {@link SCHEDULE_GRACE_MS} ago is `degraded`, naming the pages. Each listed
 * page's room is woken to arm its schedule from D1 (`rearm`): that is how schedules an import
 * restored come alive, and an overdue one fires at once.
 *
 * @example
 * schedulesCheck(env.DB, (room) => rearmRoomSchedule(env, room))
 */
export function schedulesCheck(db: D1Client, rearm: (room: string) => Promise<unknown>, now: () => number = Date.now): HealthCheck {
  return {
    name: "schedules",
    failure: "degraded",
    run: async () => {
      const rows = await listScheduleRows(db, SCHEDULE_SCAN_LIMIT + 1);
      const listed = rows.slice(0, SCHEDULE_SCAN_LIMIT);
      const late = listed.filter(({ at }) => at < now() - SCHEDULE_GRACE_MS);
      await Promise.all(listed.map(({ room }) => rearm(room)));
      const scope = `${listed.length} pending scheduled publishes armed${rows.length > SCHEDULE_SCAN_LIMIT ? ` (the first ${SCHEDULE_SCAN_LIMIT}; there are more)` : ""}`;
      if (late.length === 0) return { status: "ok", detail: `no overdue scheduled publish; ${scope}` };
      const named = late.map(({ room, at }) => `${room} (due ${new Date(at).toISOString()})`).join(", ");
      return { status: "degraded", detail: `overdue scheduled publishes: ${named}; ${scope}` };
    },
  };
}

/**
 * How long past the room's maximum wait a draft may stay unwritten before it counts: a room writes
 * at the maximum wait, and a failed write is retried within seconds.
 */
export const UNFLUSHED_GRACE_MS = 60_000;

/** Rooms named in the detail of the unflushed check, at most. */
const UNFLUSHED_NAMED = 10;

/**
 * No room holds acknowledged edits that D1 has lacked for longer than the room's maximum wait
 * (`maxWaitMs`) plus {@link UNFLUSHED_GRACE_MS}: rooms list themselves in `unflushed_rooms` when
 * they turn dirty, so such a row is a draft write that keeps failing (D1 refusing a field, or
 * unreachable from the room). `degraded`, naming the pages (the first ten) and since when.
 *
 * @example
 * unflushedCheck(env.DB, 12_000)
 */
export function unflushedCheck(db: D1Client, maxWaitMs: number, now: () => number = Date.now): HealthCheck {
  return {
    name: "unflushed",
    failure: "degraded",
    run: async () => {
      const before = now() - maxWaitMs - UNFLUSHED_GRACE_MS;
      const { results } = await db
        .prepare(`SELECT "room", "dirty_since" AS "since" FROM "unflushed_rooms" WHERE "dirty_since" < ?1 ORDER BY "dirty_since", "room" LIMIT ?2`)
        .bind(before, UNFLUSHED_NAMED + 1)
        .all<{ room: string; since: number }>();
      if (results.length === 0) return { status: "ok", detail: `no draft left unwritten past the rooms' maximum wait (${maxWaitMs} ms)` };
      const named = results
        .slice(0, UNFLUSHED_NAMED)
        .map(({ room, since }) => `${room} (since ${new Date(since).toISOString()})`)
        .join(", ");
      const more = results.length > UNFLUSHED_NAMED ? ` and more` : "";
      return { status: "degraded", detail: `live edits not written to D1 past the rooms' maximum wait: ${named}${more}` };
    },
  };
}
