import { assertPublishable, deleteScheduleRow, publishVersion, readPublishState, saveScheduleRow, unpublishPage, readVersionSnapshot, type DraftDeps, type PublishResult, type ScheduledPublish, type ScheduleFailure } from "../cores/drafts";

export type { ScheduledPublish, ScheduleFailure } from "../cores/drafts";
import { recordActivity } from "../cores/activity";
import { HttpError, isHttpError, LouiseValidationError } from "../shared/errors";
import { causeOf, type LogSink } from "../shared/request-log";
import type { EditorSession } from "../shared/session";
import type { RoomEnv } from "./room-config";
import type { RoomDrafts } from "./room-drafts";
import type { RoomStore } from "./room-store";
import { roomName, type RoomEvent } from "../shared/room-protocol";

/** What the room's publish timer carries. */
export interface ScheduleData {
  /** The version it publishes (`null` only in schedules stored before versions were recorded). */
  versionId: number | null;
  /** Who scheduled it: their right is checked again when it fires. */
  session: EditorSession;
  /** The version was named (a restore): once live, it is laid over the live document. */
  restore?: boolean;
  /** D1 has this schedule's row (`scheduled_publishes`); absent in a timer set before D1 kept a copy. */
  mirrored?: boolean;
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
  /**
   * Whether the scheduler still has the publish right when their schedule fires (with the built-in
   * sign-in: their editor row still exists with the publisher role); absent, the recorded session decides.
   */
  hasPublishRight?: ((session: EditorSession) => Promise<boolean>) | undefined;
  /** Why the scheduler may not publish this page any more (role or scope), or `null`; checked before `hasPublishRight`. */
  publishRefusal?: ((session: EditorSession) => Promise<string | null>) | undefined;
  /** Lays a published snapshot over the live document (a restore changes what editors see). */
  adopt: (snapshot: Record<string, unknown>) => void;
  /** Whether editor `id` has the page open now (then a failed schedule's event reached them). */
  present?: (editorId: string) => boolean;
  /** The record's collection, for the activity row of a scheduled publish that fired. */
  collection: string;
  /** Where a failure to record that row is logged. */
  log: LogSink;
}


interface StoredOutcome {
  at: string;
  ok: boolean;
  versionId: number | null;
  error?: string;
  /** The scheduler (failures recorded since their next visit is told). */
  by?: { id: string; name: string };
  /** The scheduler has been told (the event reached a connection of theirs). */
  told?: boolean;
}

const OUTCOME = "lastScheduledPublish";

/** The room timer that holds the scheduled publish. */
export const PUBLISH = "publish";

/**
 * Publishes now: flushes first (so the publish includes the last acknowledged keystroke), then
 * publishes (the privilege was checked once, by the request core that called the room's writer).
 * A restore of an older version is laid over the live document.
 *
 * @example
 * const result = await publishNow(context, null);
 */
export async function publishNow(c: RoomPublishContext, versionId: number | null): Promise<PublishResult> {
  await c.drafts.flush();
  const result = await publishVersion(c.env, c.deps, c.id, versionId === null ? {} : { versionId });
  if (versionId !== null) c.adopt(result.page);
  c.broadcast({ type: "published", versionId: result.versionId });
  return result;
}

/**
 * Schedules a publish through the room's alarm; the schedule lives in the room's storage, so it
 * survives eviction and restarts, and D1 gets its copy first (`scheduled_publishes`: what an export
 * carries and an imported site arms again). A second schedule replaces the first. It records exactly what it
 * will publish: the named `versionId` (a restore), or else the newest pending draft now (after a
 * flush, so it holds every acknowledged keystroke), or with nothing pending the live version; a
 * draft saved later is never what goes live. A page with no version at all is a 409. The version
 * must pass what publishing it now would (`assertPublishable`): a page that could not go live is
 * refused up front with the same 422 violations, never accepted to fail at its time.
 *
 * @example
 * await schedulePublish(context, session, "2030-01-01T09:00:00Z", null, Date.now());
 */
export async function schedulePublish(c: RoomPublishContext, session: EditorSession, at: string, versionId: number | null, now: number): Promise<ScheduledPublish> {
  const time = Date.parse(at);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(at) || Number.isNaN(time)) {
    throw new HttpError(400, `at must be an ISO date-time, got ${JSON.stringify(at)}`, { code: "invalid_at" });
  }
  const target = versionId === null ? await newestPendingNow(c) : versionId;
  await assertPublishable(c.env.DB, c.deps, c.id, await readVersionSnapshot(c.env.DB, c.deps, c.id, target));
  const fireAt = Math.max(time, now);
  const restore = versionId !== null;
  await saveScheduleRow(c.env.DB, { room: roomName(c.collection, c.id), versionId: target, at: fireAt, restore, scheduler: session });
  c.store.setTimer(PUBLISH, fireAt, { versionId: target, session, restore, mirrored: true } satisfies ScheduleData);
  c.arm();
  const iso = new Date(fireAt).toISOString();
  c.broadcast({ type: "scheduled", at: iso, versionId: target });
  return { at: iso, versionId: target, by: session.name };
}

async function newestPendingNow(c: RoomPublishContext): Promise<number> {
  await c.drafts.flush();
  const state = await readPublishState(c.env.DB, c.deps, c.id);
  if (!state) throw new HttpError(404, `page ${c.id} not found`, { code: "not_found" });
  // Nothing pending: what visitors see now is what is scheduled (firing then changes nothing).
  const version = state.newestPending ?? state.pointer;
  if (version === null) {
    throw new HttpError(409, `page ${c.id} has no draft to schedule; save a draft first or name a versionId`, { code: "nothing_pending" });
  }
  return version;
}

/**
 * Cancels the scheduled publish (its D1 row first); `false` when none was scheduled.
 *
 * @example
 * await cancelPublish(context) // true
 */
export async function cancelPublish(c: RoomPublishContext): Promise<boolean> {
  if (!c.store.getTimer(PUBLISH)) return false;
  await deleteScheduleRow(c.env.DB, roomName(c.collection, c.id));
  c.store.clearTimer(PUBLISH);
  c.arm();
  c.broadcast({ type: "scheduled", at: null });
  return true;
}

/**
 * The scheduled publish, or `null`.
 *
 * @example
 * readSchedule(store) // { at: "2030-01-01T09:00:00.000Z", versionId: 43, by: "Pat" }
 */
export function readSchedule(store: RoomStore): ScheduledPublish | null {
  const timer = store.getTimer<ScheduleData>(PUBLISH);
  if (!timer) return null;
  return { at: new Date(timer.at).toISOString(), versionId: timer.data.versionId, by: timer.data.session.name };
}

/**
 * Fires the scheduled publish if it is due, exactly once across kills and alarm retries. First the
 * scheduler's publish right is checked again (`c.publishRefusal`, else `c.hasPublishRight`: a
 * demoted or removed publisher's schedule, or one whose page left their scope, is cancelled and
 * editors are told). Then the recorded version is published; the timer
 * is cleared only after D1 committed, and a fire retried after a kill in that gap finds the live
 * pointer already at the version and only clears it (publishing a recorded version is idempotent).
 * The D1 row goes before the timer, so a kill between them leaves the timer to retry.
 * A refusal (4xx: the version is gone or invalid, a newer version went live meanwhile) cancels
 * the schedule and tells the editors; anything else (D1 unreachable) throws, the timer stays due
 * and the runtime retries the alarm.
 *
 * @example
 * await fireScheduledPublish(context, Date.now());
 */
export async function fireScheduledPublish(c: RoomPublishContext, now: number): Promise<void> {
  const timer = c.store.getTimer<ScheduleData>(PUBLISH);
  if (!timer || timer.at > now) return;
  const at = new Date(timer.at).toISOString();
  const { session, versionId } = timer.data;
  const refusal = c.publishRefusal ? await c.publishRefusal(session) : null;
  if (refusal) return cancelFired(c, at, versionId, refusal, session);
  if (!c.publishRefusal && c.hasPublishRight && !(await c.hasPublishRight(session))) {
    return cancelFired(c, at, versionId, `${session.name} no longer has the publish right`, session);
  }
  try {
    const published = await publishRecorded(c, timer.data);
    await deleteScheduleRow(c.env.DB, roomName(c.collection, c.id));
    c.store.clearTimer(PUBLISH);
    c.store.setMeta(OUTCOME, { at, ok: true, versionId: published } satisfies StoredOutcome);
    await recordFired(c, session, published);
  } catch (error) {
    if (!isHttpError(error)) throw error;
    await cancelFired(c, at, versionId, refusalWords(error), session);
  }
}

/* A scheduled publish fires as its scheduler: the row names them, as the publish itself is theirs. */
async function recordFired(c: RoomPublishContext, scheduler: EditorSession, versionId: number): Promise<void> {
  const requestId = crypto.randomUUID();
  await recordActivity(c.env.DB, [
    { kind: "record.published", collection: c.collection, recordId: c.id, versionId, detail: { scheduled: true }, actor: { id: scheduler.id, name: scheduler.name }, requestId },
  ]).catch((error: unknown) => c.log({ level: "error", requestId, action: "room.scheduledPublish", cause: causeOf(error) }));
}

/* A refusal in the words an editor reads: a validation failure by its violations, not its paths. */
function refusalWords(error: HttpError): string {
  if (!(error instanceof LouiseValidationError)) return error.message;
  return `the page could not be published: ${error.violations.map((violation) => violation.message).join("; ")}`;
}

/**
 * The last scheduled publish that did not go live, or `null` (none, or the last one went live):
 * the record the history shows to whoever set it, and to every editor.
 *
 * @example
 * readScheduleFailure(store) // { at: "2030-01-01T09:00:00.000Z", versionId: 43, by: "Pat", reason: "…" }
 */
export function readScheduleFailure(store: RoomStore): ScheduleFailure | null {
  const outcome = store.getMeta<StoredOutcome>(OUTCOME);
  if (!outcome || outcome.ok) return null;
  return { at: outcome.at, versionId: outcome.versionId, by: outcome.by?.name ?? "", reason: outcome.error ?? "" };
}

/**
 * On the scheduler's next visit: the `schedule-cancelled` event of their failed schedule, once
 * (it is then marked told), when it failed while they did not have the page open; else `null`.
 *
 * @example
 * const notice = takeScheduleNotice(store, editor.id);
 * if (notice) connection.send(`__YPS:${JSON.stringify(notice)}`);
 */
export function takeScheduleNotice(store: RoomStore, editorId: string): RoomEvent | null {
  const outcome = store.getMeta<StoredOutcome>(OUTCOME);
  if (!outcome || outcome.ok || outcome.told !== false || outcome.by?.id !== editorId) return null;
  store.setMeta(OUTCOME, { ...outcome, told: true } satisfies StoredOutcome);
  return { type: "schedule-cancelled", at: outcome.at, versionId: outcome.versionId, reason: outcome.error ?? "" };
}

/* The recorded version goes live (a schedule stored before versions were recorded publishes the newest pending draft). */
async function publishRecorded(c: RoomPublishContext, data: ScheduleData): Promise<number> {
  if (data.versionId === null) return (await publishNow(c, null)).versionId;
  const state = await readPublishState(c.env.DB, c.deps, c.id);
  if (state?.pointer !== data.versionId) {
    if (!data.restore && state?.pointer != null && state.pointer > data.versionId) {
      throw new HttpError(409, `a newer version (${state.pointer}) was published after version ${data.versionId} was scheduled`, { code: "superseded" });
    }
    const result = await publishVersion(c.env, c.deps, c.id, { versionId: data.versionId });
    if (data.restore) c.adopt(result.page);
  }
  c.broadcast({ type: "published", versionId: data.versionId });
  return data.versionId;
}

async function cancelFired(c: RoomPublishContext, at: string, versionId: number | null, reason: string, scheduler: EditorSession): Promise<void> {
  await deleteScheduleRow(c.env.DB, roomName(c.collection, c.id));
  c.store.clearTimer(PUBLISH);
  // Kept for the scheduler: the history shows it, and their next visit is told unless they saw it now.
  const told = c.present?.(scheduler.id) ?? false;
  c.store.setMeta(OUTCOME, { at, ok: false, versionId, error: reason, by: { id: scheduler.id, name: scheduler.name }, told } satisfies StoredOutcome);
  // The state first, then why: an edit bar keeps the last word it was told, which is the reason.
  c.broadcast({ type: "scheduled", at: null });
  c.broadcast({ type: "schedule-cancelled", at, versionId, reason });
}

/**
 * Unpublishes and tells every editor.
 *
 * @example
 * await unpublishNow(context);
 */
export async function unpublishNow(c: RoomPublishContext): Promise<{ page: Record<string, unknown> }> {
  const result = await unpublishPage(c.env, c.deps, c.id);
  c.broadcast({ type: "unpublished" });
  return result;
}
