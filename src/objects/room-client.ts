import { clearUnflushed, deleteScheduleRow, listUnflushed, type DraftWriter, type PublishResult, type ScheduledPublish } from "../cores/drafts";
import { HttpError, isHttpError } from "../shared/errors";
import { missingBinding, type MisconfiguredError } from "../shared/misconfigured";
import { parseRoomName, roomName } from "../shared/room-protocol";
import { unwrapRoomResult as unwrap, type RoomResult } from "../shared/room-result";
import type { EditorSession } from "../shared/session";
import type { PageRoom } from "./PageRoom";
import type { CommentAction, CommentAnswer } from "../cores/comments";

export { directDraftWriter, type DraftWriter } from "../cores/drafts";

/** What `PageRoom.publish` answers (the RPC stub's type loses the union, so it is named here). */
type PublishAnswer = RoomResult<PublishResult | { scheduled: ScheduledPublish }>;

/**
 * Hands every write of a versioned record of `collection` to its room (`<collection>:<id>`, DO
 * RPC), so writes are serialized with live editing: a REST or inline edit is merged three ways
 * into the live document, acknowledged once the room has stored it, publish flushes first, and
 * every editor in the room is told. The room writes with the deps its class was configured with
 * (`createCms`, from the one registry); the caller hands over none. A route's D1 session is not
 * used (the write happens in the room), so no bookmark cookie comes back from a room write.
 *
 * @example
 * const writer = roomDraftWriter(env.PAGE_ROOM, "pages");
 * await writer.applySaveDraft(session, 12, { title: "New" }, { baseVersionId: 40 });
 */
export function roomDraftWriter(namespace: DurableObjectNamespace, collection: string): DraftWriter {
  const rooms = namespace as DurableObjectNamespace<PageRoom>;
  const room = (id: number) => roomStub(rooms, roomName(collection, id));
  const base = (options: { baseVersionId?: number; restoreVersionId?: number } | undefined) => ({
    ...(options?.baseVersionId === undefined ? {} : { baseVersionId: options.baseVersionId }),
    ...(options?.restoreVersionId === undefined ? {} : { restoreVersionId: options.restoreVersionId }),
  });
  return {
    applySaveDraft: async (session, id, edit, options) => unwrap(await (await room(id)).saveDraft(session, edit, base(options))),
    saveField: async (session, id, field, options) => unwrap(await (await room(id)).saveField(session, field, base(options))),
    applyPublish: async (session, id, options = {}) => {
      const result = unwrap((await (await room(id)).publish(session, { versionId: options.versionId ?? null })) as PublishAnswer);
      if ("scheduled" in result) throw new HttpError(500, "room scheduled a publish it was not asked to schedule");
      return result;
    },
    applyUnpublish: async (session, id) => unwrap(await (await room(id)).unpublish(session)),
    schedulePublish: async (session, id, options) => {
      const result = unwrap((await (await room(id)).publish(session, { at: options.at, versionId: options.versionId ?? null })) as PublishAnswer);
      if (!("scheduled" in result)) throw new HttpError(500, "room published instead of scheduling");
      return result.scheduled;
    },
    cancelScheduledPublish: async (session, id) => unwrap(await (await room(id)).cancelScheduledPublish(session)),
    scheduledPublish: async (id) => unwrap(await (await room(id)).scheduledPublish()),
    scheduleFailure: async (id) => unwrap(await (await room(id)).scheduleFailure()),
    listSuggestions: async (session, id) => unwrap(await (await room(id)).listSuggestions(session)),
    settleSuggestions: async (session, id, decision, target) => unwrap(await (await room(id)).settleSuggestions(session, decision, target)),
    openSuggestions: async (id) => unwrap(await (await room(id)).openSuggestionCount()),
    recordDeleted: async (id) => {
      try {
        unwrap(await (await room(id)).recordDeleted());
      } catch (error) {
        // The record is deleted either way; the room finds out at its next draft write (a 404).
        console.error(`page room ${roomName(collection, id)}: could not be told of the delete`, error);
      }
    },
  };
}

/**
 * The writer of a collection with drafts, as `createCms` wires it: the record's room. A site that
 * declares drafts without the `PAGE_ROOM` binding is misconfigured (503 `misconfigured`, naming
 * the wrangler.toml lines to add): its drafts have no writer, rather than a second one that merges
 * differently.
 *
 * @example
 * await draftWriterFor(env, "pages").saveField(session, 12, { root: "title", segments: [], value: "Hi" });
 */
export function draftWriterFor(env: object, collection: string): DraftWriter {
  const namespace = (env as { PAGE_ROOM?: unknown }).PAGE_ROOM;
  if (!isNamespace(namespace)) throw missingPageRoom([collection]);
  return roomDraftWriter(namespace, collection);
}

/**
 * The misconfiguration of a site whose collections have drafts but whose Worker lacks `PAGE_ROOM`.
 *
 * @example
 * if (!env.PAGE_ROOM) throw missingPageRoom(["pages"]);
 */
export function missingPageRoom(collections: readonly string[]): MisconfiguredError {
  return missingBinding(
    "PAGE_ROOM",
    "Durable Object namespace",
    `drafts of ${collections.join(", ")} (written by each record's room)`,
    'add to wrangler.toml: [[durable_objects.bindings]] name = "PAGE_ROOM" class_name = "PageRoom", list PageRoom in a [[migrations]] new_sqlite_classes, and export it from the Worker (export const { PageRoom } = cms)',
  );
}

/**
 * Tells the rooms of a source's translations (`ids`) the source's shared values, so their open
 * editors see a shared field change at once (`PageRoom.adoptSharedFields`). Without the
 * `PAGE_ROOM` binding there are no rooms to tell.
 *
 * @example
 * await tellTranslationRooms(env, "pages", [14, 15], { slug: "about", sections: [...] });
 */
export async function tellTranslationRooms(env: object, collection: string, ids: readonly number[], values: Record<string, unknown>): Promise<void> {
  const namespace = (env as { PAGE_ROOM?: unknown }).PAGE_ROOM;
  if (!isNamespace(namespace)) return;
  const rooms = namespace as DurableObjectNamespace<PageRoom>;
  await Promise.all(ids.map(async (id) => unwrap(await (await roomStub(rooms, roomName(collection, id))).adoptSharedFields(values))));
}

/**
 * Tells the rooms of a source's translations (`ids`) that the source's draft was written, so a
 * translator who shows the source's text beside their fields reads it again
 * (`PageRoom.sourceChanged`). A room without editors is not loaded for it. Without the `PAGE_ROOM`
 * binding there are no rooms to tell.
 *
 * @example
 * await tellSourceChanged(env, "pages", [14, 15]);
 */
export async function tellSourceChanged(env: object, collection: string, ids: readonly number[]): Promise<void> {
  const namespace = (env as { PAGE_ROOM?: unknown }).PAGE_ROOM;
  if (!isNamespace(namespace)) return;
  const rooms = namespace as DurableObjectNamespace<PageRoom>;
  // Not through `roomStub`: naming a room starts it (its load), and only its open sockets are told.
  await Promise.all(ids.map((id) => rooms.get(rooms.idFromName(roomName(collection, id))).sourceChanged()));
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

/**
 * Runs a comment action in a record's room (`PageRoom.comments`): the room reads and writes the
 * threads under its rights and answers once its storage and D1 hold the change. Without the
 * `PAGE_ROOM` binding there are no rooms, so no comments: 503 `misconfigured`.
 *
 * @example
 * const { threads } = await roomComments(env, "pages", 12, session, { kind: "list" });
 */
export async function roomComments(env: object, collection: string, id: number, session: EditorSession, action: CommentAction): Promise<CommentAnswer> {
  const namespace = (env as { PAGE_ROOM?: unknown }).PAGE_ROOM;
  if (!isNamespace(namespace)) throw missingPageRoom([collection]);
  const stub = await roomStub(namespace as DurableObjectNamespace<PageRoom>, roomName(collection, id));
  return unwrap((await stub.comments(session, action)) as RoomResult<CommentAnswer>);
}

/** Rooms flushed at once by {@link flushUnflushedRooms}. */
const FLUSH_AT_ONCE = 6;

/**
 * Asks every room listed in `unflushed_rooms` to write its acknowledged edits to D1, and resolves
 * once each has: after it, D1 holds every edit any room acknowledged before the call (an export
 * reads D1 only then). A room whose record is gone is taken off the list. Without the `PAGE_ROOM`
 * binding there are no rooms and it does nothing. Resolves with the number of rooms asked.
 *
 * @example
 * await flushUnflushedRooms(env);
 * // now read D1
 */
export async function flushUnflushedRooms(env: { DB: D1Database }): Promise<number> {
  const namespace = (env as { PAGE_ROOM?: unknown }).PAGE_ROOM;
  if (!isNamespace(namespace)) return 0;
  const rooms = (await listUnflushed(env.DB)).map(({ room }) => room);
  const queue = [...rooms];
  const worker = async () => {
    for (let room = queue.shift(); room !== undefined; room = queue.shift()) {
      const address = parseRoomName(room);
      if (!address) {
        await clearUnflushed(env.DB, room);
        continue;
      }
      try {
        await flushRoomDraft(env, address.collection, address.id);
      } catch (error) {
        // A deleted record's room has nothing to write; fields D1 refuses (4xx) stay pending in the
        // room until an editor fixes them, and the rest was written. Anything else stops the caller.
        if (!isHttpError(error) || error.status >= 500) throw error;
        if (error.status === 404) await clearUnflushed(env.DB, room);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(FLUSH_AT_ONCE, rooms.length) }, worker));
  return rooms.length;
}

/**
 * Wakes room `room` (`<collection>:<id>`) to arm its scheduled publish from D1
 * (`PageRoom.rearmSchedule`); the schedule as it now stands. A room whose record is gone answers
 * `null` and its schedule row is deleted. Without the `PAGE_ROOM` binding, `null`.
 *
 * @example
 * await rearmRoomSchedule(env, "pages:12") // { at: "2030-01-01T09:00:00.000Z", versionId: 43, by: "Pat" }
 */
export async function rearmRoomSchedule(env: { DB: D1Database; PAGE_ROOM?: DurableObjectNamespace }, room: string): Promise<ScheduledPublish | null> {
  const namespace = env.PAGE_ROOM;
  if (!namespace) return null;
  try {
    return unwrap(await (await roomStub(namespace as DurableObjectNamespace<PageRoom>, room)).rearmSchedule());
  } catch (error) {
    if (!isHttpError(error) || error.status !== 404) throw error;
    await deleteScheduleRow(env.DB, room);
    return null;
  }
}

/** The name of the room the health check probes: it belongs to no record (not `<collection>:<id>`). */
export const HEALTH_PROBE_ROOM = "cms-health-probe";

/**
 * The health check's room probe: a `PageRoom` answers an RPC and writes, reads back and deletes a
 * value in its storage. Throws when it cannot.
 *
 * @example
 * await probeRoomStorage(env.PAGE_ROOM);
 */
export async function probeRoomStorage(namespace: DurableObjectNamespace): Promise<void> {
  const rooms = namespace as DurableObjectNamespace<PageRoom>;
  const { stored } = await rooms.get(rooms.idFromName(HEALTH_PROBE_ROOM)).probeStorage();
  if (!stored) throw new Error("the room's storage did not give back the value it was given");
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
