import { forgetEndedSessions, roomsOfSessions, type SessionRoomsTarget } from "../cores/room-sessions";
import { causeOf, logRequestError, logSinkOf } from "../shared/request-log";

/*
 * The push that keeps a sign-out or a change of access prompt on open room sockets: the rooms
 * noted as holding a connection of the sessions (`room_sessions`) are each asked to confirm their
 * connections now (`PageRoom.recheckSessions`), and close the ones that no longer stand with the
 * same codes the room's own rechecks use. Rooms therefore need no frequent alarm to keep the
 * bound; a push that fails is caught by their slower rechecks.
 */

/** What the push needs of a room: `PageRoom.recheckSessions`, reached by DO RPC. */
interface SessionRechecker {
  recheckSessions(): Promise<{ closed: number }>;
}

/**
 * Tells every room holding a connection of `target` to confirm its connections now, and resolves
 * once each has answered (its closes sent). `ended`: the sessions are gone (sign-out, removal,
 * password reset), so their notes are dropped after; a change of role or scope keeps them (the
 * sessions go on, and reconnect under the new access). Without the `PAGE_ROOM` binding there are no
 * rooms to tell. A room that cannot be reached is logged, never the caller's failure: under
 * `request`'s id through its log sink when given (the site's `log`), else through the default sink.
 *
 * @example
 * await deleteEditorSession(env.DB, sid);
 * await tellSessionRooms(env, { sessionIds: [sid] }, { ended: true, request });
 */
export async function tellSessionRooms(env: { DB: D1Database }, target: SessionRoomsTarget, options: { ended: boolean; request?: Request }): Promise<void> {
  const namespace = (env as { PAGE_ROOM?: unknown }).PAGE_ROOM;
  // A site without rooms has no rows to read (nor, perhaps, the table).
  if (!isNamespace(namespace)) return;
  const { request } = options;
  const logFailure = (error: unknown) =>
    request ? logRequestError(request, error) : logSinkOf(undefined)({ level: "error", requestId: crypto.randomUUID(), action: "room.sessions.push", cause: causeOf(error) });
  try {
    const rooms = await roomsOfSessions(env.DB, target);
    await Promise.all(
      rooms.map(async (room) => {
        try {
          // Not through partyserver's `setName`: a room nobody has open answers without loading.
          await (namespace.get(namespace.idFromName(room)) as unknown as SessionRechecker).recheckSessions();
        } catch (error) {
          logFailure(new Error(`page room ${room} could not be told of a session change`, { cause: error }));
        }
      }),
    );
    if (options.ended) await forgetEndedSessions(env.DB, target);
  } catch (error) {
    // The change itself is made: the rooms' own rechecks find it.
    logFailure(new Error("the rooms could not be told of a session change", { cause: error }));
  }
}

function isNamespace(value: unknown): value is DurableObjectNamespace {
  return typeof value === "object" && value !== null && typeof (value as { idFromName?: unknown }).idFromName === "function";
}
