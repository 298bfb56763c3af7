import { readScheduleRow, saveScheduleRow } from "../cores/drafts";
import { PUBLISH, type ScheduleData } from "./room-publish";
import type { RoomStore } from "./room-store";

/**
 * Makes the room's publish timer agree with its D1 copy (`scheduled_publishes`), D1 deciding: a
 * row the timer lacks or differs from is adopted (an import restored it; a restarted deployment's
 * room had no storage), and a timer D1 no longer has a row for is dropped (an import replaced the
 * site). A timer set before D1 kept copies writes its row instead. Returns whether the timer
 * changed, so the caller points the alarm again; a schedule whose time passed fires at once.
 *
 * @example
 * if (await reconcileSchedule(env.DB, store, "pages:12")) arm();
 */
export async function reconcileSchedule(db: D1Database, store: RoomStore, room: string): Promise<boolean> {
  const row = await readScheduleRow(db, room);
  const timer = store.getTimer<ScheduleData>(PUBLISH);
  if (row) {
    if (timer?.data.mirrored && timer.at === row.at && timer.data.versionId === row.versionId && Boolean(timer.data.restore) === row.restore) return false;
    store.setTimer(PUBLISH, row.at, { versionId: row.versionId, session: row.scheduler, restore: row.restore, mirrored: true } satisfies ScheduleData);
    return true;
  }
  if (!timer) return false;
  if (timer.data.mirrored) {
    store.clearTimer(PUBLISH);
    return true;
  }
  await saveScheduleRow(db, { room, versionId: timer.data.versionId, at: timer.at, restore: Boolean(timer.data.restore), scheduler: timer.data.session });
  store.setTimer(PUBLISH, timer.at, { ...timer.data, mirrored: true } satisfies ScheduleData);
  return false;
}

/**
 * Whether the pending schedule was withdrawn from outside the room (an import replaced the site and
 * its D1 row is gone): the timer is then dropped rather than fired. A timer set before D1 kept
 * copies has no row to lose and stands.
 *
 * @example
 * if (await scheduleWithdrawn(env.DB, store, "pages:12")) arm();
 */
export async function scheduleWithdrawn(db: D1Database, store: RoomStore, room: string): Promise<boolean> {
  const timer = store.getTimer<ScheduleData>(PUBLISH);
  if (!timer?.data.mirrored || (await readScheduleRow(db, room))) return false;
  store.clearTimer(PUBLISH);
  return true;
}
