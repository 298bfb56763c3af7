import { DIRECT_DRAFT_WRITER, type DraftDeps, type DraftWriter, type PublishResult, type ScheduledPublish } from "../cores/drafts";
import { HttpError } from "../shared/errors";
import { roomName } from "../shared/room-protocol";
import { unwrapRoomResult as unwrap, type RoomResult } from "../shared/room-result";
import type { PageRoom } from "./PageRoom";

export { DIRECT_DRAFT_WRITER, type DraftWriter } from "../cores/drafts";

/** What `PageRoom.publish` answers (the RPC stub's type loses the union, so it is named here). */
type PublishAnswer = RoomResult<PublishResult | { scheduled: ScheduledPublish }>;

/**
 * Hands every write of a versioned record to its room (`<collection>:<id>`, DO RPC), so writes are
 * serialized with live editing: a REST or inline edit is merged three ways into the live document,
 * acknowledged once the room has stored it, publish flushes first, and every editor in the room is
 * told. The room writes with its own configured deps (its `createCms`), not the route's; the
 * route's `options.db` session is not used (the write happens in the room), so no bookmark cookie
 * comes back from a room write.
 *
 * @example
 * const writer = roomDraftWriter(env.PAGE_ROOM);
 * await writer.applySaveDraft(env, deps, session, 12, { title: "New" }, { baseVersionId: 40 });
 */
export function roomDraftWriter(namespace: DurableObjectNamespace): DraftWriter {
  const rooms = namespace as DurableObjectNamespace<PageRoom>;
  const room = (deps: DraftDeps, id: number) => roomStub(rooms, roomName(deps.config.slug, id));
  const base = (options: { baseVersionId?: number; replace?: boolean } | undefined) => ({
    ...(options?.baseVersionId === undefined ? {} : { baseVersionId: options.baseVersionId }),
    ...(options?.replace ? { replace: true } : {}),
  });
  return {
    applySaveDraft: async (_env, deps, session, id, edit, options) => unwrap(await (await room(deps, id)).saveDraft(session, edit, base(options))),
    saveField: async (_env, deps, session, id, field, options) => unwrap(await (await room(deps, id)).saveField(session, field, base(options))),
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
    scheduleFailure: async (deps, id) => unwrap(await (await room(deps, id)).scheduleFailure()),
    recordDeleted: async (deps, id) => {
      try {
        unwrap(await (await room(deps, id)).recordDeleted());
      } catch (error) {
        // The record is deleted either way; the room finds out at its next draft write (a 404).
        console.error(`page room ${roomName(deps.config.slug, id)}: could not be told of the delete`, error);
      }
    },
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
 * The one place that decides how a versioned record is written: through its live room when the
 * Worker has the `PAGE_ROOM` binding, else by the cores straight to D1. Every route and the
 * service binding call this unless their config names a writer.
 *
 * @example
 * await draftWriterFor(env).saveField(env, deps, session, 12, { root: "title", segments: [], value: "Hi" });
 */
export function draftWriterFor(env: object): DraftWriter {
  const namespace = (env as { PAGE_ROOM?: unknown }).PAGE_ROOM;
  return isNamespace(namespace) ? roomDraftWriter(namespace) : DIRECT_DRAFT_WRITER;
}

/**
 * Asks a record's room to write its unwritten live edits to D1 before the draft is read, so a
 * preview or a share link shows what editors were acknowledged for. Without the `PAGE_ROOM`
 * binding D1 already has every draft and this does nothing.
 *
 * @example
 * await flushRoomDraft(env, "pages", 12);
 * const editable = await loadEditableDocument(env.DB, deps, 12);
 */
export async function flushRoomDraft(env: object, collection: string, id: number): Promise<void> {
  const namespace = (env as { PAGE_ROOM?: unknown }).PAGE_ROOM;
  if (!isNamespace(namespace)) return;
  unwrap(await (await roomStub(namespace as DurableObjectNamespace<PageRoom>, roomName(collection, id))).flushDraft());
}

/*
 * What partyserver's getServerByName does, without importing partyserver: that import pulls in
 * `cloudflare:workers`, and this writer is part of the root entry, which must load outside workerd.
 * A room learns its own name from `setName` before its first call.
 */
async function roomStub(rooms: DurableObjectNamespace<PageRoom>, name: string) {
  const stub = rooms.get(rooms.idFromName(name));
  await stub.setName(name);
  return stub;
}

function isNamespace(value: unknown): value is DurableObjectNamespace {
  return typeof value === "object" && value !== null && typeof (value as { idFromName?: unknown }).idFromName === "function";
}
