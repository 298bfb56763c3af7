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
