import type { D1Client } from "../d1-client";
import { draftSql, newestPendingSql, type DraftDeps } from "../drafts/draft-deps";
import type { ScheduledPublish } from "../drafts/draft-writer";
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

/** How many records with a pending draft the schedule check asks their room about, at most. */
export const SCHEDULE_SCAN_LIMIT = 50;

/**
 * How late a scheduled publish may be before it counts as overdue: its room's alarm fires at the
 * time, and a failed run is retried by the runtime within seconds.
 */
export const SCHEDULE_GRACE_MS = 60_000;

/** What the schedule check reads: each drafts collection's deps, and who knows a record's schedule (its room). */
export interface ScheduleSource {
  collections: readonly { slug: string; deps: Pick<DraftDeps, "table" | "versionsTable" | "config"> }[];
  scheduledPublish(slug: string, id: number): Promise<ScheduledPublish | null>;
}

/**
 * No scheduled publish is overdue: a schedule whose time passed more than {@link SCHEDULE_GRACE_MS}
 * ago without going live (its room's alarm did not run it) is `degraded`, naming the records. Only
 * a record with a pending draft can hold a schedule; the first {@link SCHEDULE_SCAN_LIMIT} of them
 * (oldest first) are asked, and the detail says when there were more.
 *
 * @example
 * schedulesCheck(env.DB, { collections, scheduledPublish: (slug, id) => draftWriterFor(env, slug).scheduledPublish(id) })
 */
export function schedulesCheck(db: D1Client, source: ScheduleSource, now: () => number = Date.now): HealthCheck {
  return {
    name: "schedules",
    failure: "degraded",
    run: async () => {
      const pending: { slug: string; id: number }[] = [];
      let more = false;
      for (const { slug, deps } of source.collections) {
        const room = SCHEDULE_SCAN_LIMIT - pending.length;
        if (room <= 0) {
          more = true;
          break;
        }
        const ids = await pendingRecordIds(db, deps, room + 1);
        if (ids.length > room) more = true;
        for (const id of ids.slice(0, room)) pending.push({ slug, id });
      }
      const found = await Promise.all(pending.map(async ({ slug, id }) => ({ slug, id, scheduled: await source.scheduledPublish(slug, id) })));
      const late = found.filter(({ scheduled }) => scheduled !== null && Date.parse(scheduled.at) < now() - SCHEDULE_GRACE_MS);
      const scope = `${pending.length} records with a pending draft checked${more ? ` (the first ${SCHEDULE_SCAN_LIMIT}; there are more)` : ""}`;
      if (late.length === 0) return { status: "ok", detail: `no overdue scheduled publish; ${scope}` };
      const named = late.map(({ slug, id, scheduled }) => `${slug}:${id} (due ${scheduled!.at})`).join(", ");
      return { status: "degraded", detail: `overdue scheduled publishes: ${named}; ${scope}` };
    },
  };
}

async function pendingRecordIds(db: D1Client, deps: ScheduleSource["collections"][number]["deps"], limit: number): Promise<number[]> {
  const s = draftSql(deps);
  const sql = `SELECT p.${s.pk} AS "id" FROM ${s.L} p WHERE EXISTS (${newestPendingSql(s, "p", s.vid)}) ORDER BY p.${s.pk} LIMIT ?1`;
  const { results } = await db.prepare(sql).bind(limit).all<{ id: number }>();
  return results.map((row) => Number(row.id));
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
