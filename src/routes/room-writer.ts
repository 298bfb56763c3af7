import { getServerByName } from "partyserver";
import {
  applyPublish,
  applySaveDraft,
  applyUnpublish,
  type DraftDeps,
  type DraftRunOptions,
  type PublishOptions,
  type PublishResult,
  type SavedDraft,
} from "../cores/drafts";
import type { PageRoom } from "../objects/PageRoom";
import type { RoomResult } from "../shared/room-result";
import type { ScheduledPublish } from "../objects/room-publish";
import { HttpError, LouiseValidationError, type Violation } from "../shared/errors";
import type { EditorSession } from "../shared/session";

type Env = { DB: D1Database };
/** What `PageRoom.publish` answers (the RPC stub's type loses the union, so it is named here). */
type PublishAnswer = RoomResult<PublishResult | { scheduled: ScheduledPublish }>;

/**
 * The draft writes of `versionsRoute`, with the same signatures as the cores, so a route swaps one
 * for the other without changing a call. Scheduling exists only with rooms.
 */
export interface DraftWriter {
  applySaveDraft(env: Env, deps: DraftDeps, session: EditorSession, id: number, edit: Record<string, unknown>, options?: DraftRunOptions): Promise<SavedDraft>;
  applyPublish(env: Env, deps: DraftDeps, session: EditorSession, id: number, options?: PublishOptions): Promise<PublishResult>;
  applyUnpublish(env: Env, deps: DraftDeps, session: EditorSession, id: number, options?: DraftRunOptions): Promise<{ page: Record<string, unknown> }>;
  /** Schedules a publish at `at` (ISO); 501 without rooms. */
  schedulePublish(deps: DraftDeps, session: EditorSession, id: number, options: { at: string; versionId?: number | null }): Promise<ScheduledPublish>;
  cancelScheduledPublish(deps: DraftDeps, session: EditorSession, id: number): Promise<{ cancelled: boolean }>;
  /** The scheduled publish of a page, or `null` (always `null` without rooms). */
  scheduledPublish(deps: DraftDeps, id: number): Promise<ScheduledPublish | null>;
}

/**
 * The writer that calls the cores directly: what routes use when there is no `PAGE_ROOM` binding.
 *
 * @example
 * const writer = draftWriter(env.PAGE_ROOM); // DIRECT_DRAFT_WRITER when the binding is missing
 */
export const DIRECT_DRAFT_WRITER: DraftWriter = {
  applySaveDraft,
  applyPublish,
  applyUnpublish,
  schedulePublish: async () => {
    throw new HttpError(501, "scheduled publishing needs live rooms (the PAGE_ROOM binding)", { code: "not_supported" });
  },
  cancelScheduledPublish: async () => ({ cancelled: false }),
  scheduledPublish: async () => null,
};

/**
 * Hands draft saves, publish and unpublish of a page to its room (`<collection>:<id>`, DO RPC), so
 * they are serialized with live editing, a REST edit is merged into the live document, publish
 * flushes first, and every editor in the room is told. The room writes with its own registered
 * deps (`PageRoom.configure`), not the route's; the route's `options.db` session is not used
 * (the write happens in the room), so no bookmark cookie comes back from a room write.
 *
 * @example
 * const writer = roomDraftWriter(env.PAGE_ROOM);
 * await writer.applySaveDraft(env, deps, session, 12, { title: "New" });
 */
export function roomDraftWriter(namespace: DurableObjectNamespace): DraftWriter {
  const rooms = namespace as DurableObjectNamespace<PageRoom>;
  const room = (deps: DraftDeps, id: number) => getServerByName(rooms, `${deps.config.slug}:${id}`);
  return {
    applySaveDraft: async (_env, deps, session, id, edit) => unwrap(await (await room(deps, id)).saveDraft(session, edit)),
    applyPublish: async (_env, deps, session, id, options = {}) => {
      const result = unwrap((await (await room(deps, id)).publish(session, { versionId: options.versionId ?? null })) as PublishAnswer);
      if ("scheduled" in result) throw new HttpError(500, "room scheduled a publish it was not asked to schedule");
      return result;
    },
    applyUnpublish: async (_env, deps, session, id) => unwrap(await (await room(deps, id)).unpublish(session)),
    schedulePublish: async (deps, session, id, options) => {
      const result = unwrap((await (await room(deps, id)).publish(session, { at: options.at, versionId: options.versionId ?? null })) as PublishAnswer);
      if (!("scheduled" in result)) throw new HttpError(500, "room published instead of scheduling");
      return result.scheduled;
    },
    cancelScheduledPublish: async (deps, session, id) => unwrap(await (await room(deps, id)).cancelScheduledPublish(session)),
    scheduledPublish: async (deps, id) => unwrap(await (await room(deps, id)).scheduledPublish()),
  };
}

/**
 * The room writer when the binding exists, else the direct cores.
 *
 * @example
 * const writer = draftWriter(env.PAGE_ROOM);
 */
export function draftWriter(namespace: DurableObjectNamespace | undefined): DraftWriter {
  return namespace ? roomDraftWriter(namespace) : DIRECT_DRAFT_WRITER;
}

/**
 * A room's answer as a value, or its error rebuilt as the same `HttpError` (a 422 as a
 * `LouiseValidationError` with its violations), so the route's error edge answers as if the core
 * had thrown it here.
 */
export function unwrap<T>(result: RoomResult<T>): T {
  if (result.ok) return result.value;
  const violations = result.details?.violations;
  if (result.status === 422 && Array.isArray(violations)) throw new LouiseValidationError(violations as Violation[], result.error);
  throw new HttpError(result.status, result.error, { ...(result.code ? { code: result.code } : {}), ...(result.details ? { details: result.details } : {}) });
}
