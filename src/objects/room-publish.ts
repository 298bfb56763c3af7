import { applyPublish, applyUnpublish, type DraftDeps, type PublishResult, type ScheduledPublish } from "../cores/drafts";

export type { ScheduledPublish } from "../cores/drafts";
import { HttpError } from "../shared/errors";
import { assertPublisher } from "../shared/publish-privilege";
import type { EditorSession } from "../shared/session";
import type { RoomEnv } from "./room-config";
import type { RoomDrafts } from "./room-drafts";
import type { RoomStore } from "./room-store";
import type { RoomEvent } from "../shared/room-protocol";

interface ScheduleData {
  versionId: number | null;
  session: EditorSession;
}

/** What the publish side of a room works with. */
export interface RoomPublishContext {
  env: RoomEnv;
  deps: DraftDeps;
  id: number;
  store: RoomStore;
  drafts: RoomDrafts;
  broadcast: (event: RoomEvent) => void;
  arm: () => void;
  /** Lays a published snapshot over the live document (a restore changes what editors see). */
  adopt: (snapshot: Record<string, unknown>) => void;
}

const PUBLISH = "publish";

/**
 * Publishes now: flushes first (so the publish includes the last acknowledged keystroke), then
 * `applyPublish`. A restore of an older version is laid over the live document.
 *
 * @example
 * const result = await publishNow(context, session, { versionId: null });
 */
export async function publishNow(c: RoomPublishContext, session: EditorSession, versionId: number | null): Promise<PublishResult> {
  assertPublisher(session);
  await c.drafts.flush();
  const result = await applyPublish(c.env, c.deps, session, c.id, versionId === null ? {} : { versionId });
  if (versionId !== null) c.adopt(result.page);
  c.broadcast({ type: "published", versionId: result.versionId });
  return result;
}

/**
 * Schedules a publish through the room's alarm; the schedule lives in the room's storage, so it
 * survives eviction and restarts. A second schedule replaces the first.
 *
 * @example
 * await schedulePublish(context, session, { at: "2030-01-01T09:00:00Z", versionId: null }, Date.now());
 */
export function schedulePublish(c: RoomPublishContext, session: EditorSession, at: string, versionId: number | null, now: number): ScheduledPublish {
  assertPublisher(session);
  const time = Date.parse(at);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(at) || Number.isNaN(time)) {
    throw new HttpError(400, `at must be an ISO date-time, got ${JSON.stringify(at)}`, { code: "invalid_at" });
  }
  const fireAt = Math.max(time, now);
  c.store.setTimer(PUBLISH, fireAt, { versionId, session } satisfies ScheduleData);
  c.arm();
  const iso = new Date(fireAt).toISOString();
  c.broadcast({ type: "scheduled", at: iso, versionId });
  return { at: iso, versionId, by: session.name };
}

/**
 * Cancels the scheduled publish; `false` when none was scheduled.
 *
 * @example
 * await cancelPublish(context, session) // true
 */
export function cancelPublish(c: RoomPublishContext, session: EditorSession): boolean {
  assertPublisher(session);
  if (!c.store.getTimer(PUBLISH)) return false;
  c.store.clearTimer(PUBLISH);
  c.arm();
  c.broadcast({ type: "scheduled", at: null });
  return true;
}

/**
 * The scheduled publish, or `null`.
 *
 * @example
 * readSchedule(store) // { at: "2030-01-01T09:00:00.000Z", versionId: null, by: "Pat" }
 */
export function readSchedule(store: RoomStore): ScheduledPublish | null {
  const timer = store.getTimer<ScheduleData>(PUBLISH);
  if (!timer) return null;
  return { at: new Date(timer.at).toISOString(), versionId: timer.data.versionId, by: timer.data.session.name };
}

/**
 * Fires the scheduled publish if it is due. The timer is deleted and that deletion made durable
 * before D1 is touched, so a crash or an alarm retry can never publish it twice; a retry after a
 * crash mid-publish finds nothing scheduled (at most once), and the outcome is kept in `meta`.
 *
 * @example
 * await fireScheduledPublish(context, ctx.storage, Date.now());
 */
export async function fireScheduledPublish(c: RoomPublishContext, storage: DurableObjectStorage, now: number): Promise<void> {
  const timer = c.store.getTimer<ScheduleData>(PUBLISH);
  if (!timer || timer.at > now) return;
  c.store.clearTimer(PUBLISH);
  await storage.sync();
  try {
    const result = await publishNow(c, timer.data.session, timer.data.versionId);
    c.store.setMeta("lastScheduledPublish", { at: new Date(timer.at).toISOString(), ok: true, versionId: result.versionId });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    c.store.setMeta("lastScheduledPublish", { at: new Date(timer.at).toISOString(), ok: false, error: message });
    console.error("page room: scheduled publish failed", error);
  }
}

/**
 * Unpublishes and tells every editor.
 *
 * @example
 * await unpublishNow(context, session);
 */
export async function unpublishNow(c: RoomPublishContext, session: EditorSession): Promise<{ page: Record<string, unknown> }> {
  assertPublisher(session);
  const result = await applyUnpublish(c.env, c.deps, session, c.id);
  c.broadcast({ type: "unpublished" });
  return result;
}
