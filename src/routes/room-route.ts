import { parseRoomName, ROOM_PATH_PREFIX, type RoomAddress } from "../shared/room-protocol";
import { encodeEditorHeader, ROOM_EDITOR_HEADER } from "../shared/room-identity";
import { HttpError } from "../shared/errors";
import type { EditorRoute } from "../shared/route-types";
import type { ResolveEditor } from "../shared/session";
import { isSameOriginRequest } from "./guard";
import { assertSecondFactor } from "../shared/second-factor";
import { withErrorEdge } from "./run-editor-route";

/** Options of {@link roomRoute}. */
export interface RoomRouteOptions<Env> {
  resolveEditor: ResolveEditor<Env>;
  /** The `PageRoom` namespace; default `env.PAGE_ROOM`. */
  namespace?: (env: Env) => DurableObjectNamespace | undefined;
  /** Collections that have rooms; a room name of any other collection is a 404 before any room starts. */
  collections?: readonly string[];
  /** Path prefix of rooms (partyserver's `/parties/<kebab-case class>/`); default `/parties/page-room/`. */
  prefix?: string;
  /**
   * Whether the record a room is for exists (one primary-key read); a room for an unknown record is
   * then refused with 404 before any room starts. Without it the room itself closes such a
   * connection with 4404, which some WebSocket paths (wrangler dev's) deliver only seconds later.
   */
  exists?: (env: Env, address: RoomAddress) => Promise<boolean>;
}

/**
 * The gate in front of every page room. For `{prefix}<collection>:<id>` it refuses a request that
 * is not a WebSocket upgrade (426), a malformed room name (400) or an unknown collection (404), no
 * editor (401), a cross-site upgrade (403, against cross-site WebSocket hijacking: browsers send
 * `Origin` on every upgrade) and, with `exists`, an unknown record (404), none of which reach the room. Otherwise it forwards the upgrade to
 * the room with the resolved editor in `x-cms-room-editor`, after deleting any copy the client
 * sent, so identity always comes from the session and never from the client. Mount it before
 * anything else that could claim `/parties/*`, and never route page rooms with a bare
 * `routePartykitRequest`: that would let a client supply its own identity header.
 *
 * @example
 * const rooms = roomRoute<SiteEnv>({ resolveEditor: resolveSiteEditor, collections: ["pages"] });
 * const response = await rooms(request, env, ctx); // undefined for other paths
 */
export function roomRoute<Env extends { PAGE_ROOM?: DurableObjectNamespace }>(options: RoomRouteOptions<Env>): EditorRoute<Env> {
  const prefix = options.prefix ?? ROOM_PATH_PREFIX;
  return withErrorEdge<Env>(async (request, env) => {
    const { pathname } = new URL(request.url);
    if (!pathname.startsWith(prefix)) return undefined;
    const name = decodeName(pathname.slice(prefix.length).replace(/\/$/, ""));
    const address = name === null ? null : parseRoomName(name);
    if (!address || name === null) throw new HttpError(400, "a room is addressed as <collection>:<id>", { code: "invalid_room" });
    if (options.collections && !options.collections.includes(address.collection)) {
      throw new HttpError(404, `no rooms for collection ${address.collection}`, { code: "not_found" });
    }
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") {
      throw new HttpError(426, "a page room speaks WebSocket only", { code: "upgrade_required", headers: { upgrade: "websocket" } });
    }
    const editor = await options.resolveEditor(request, env);
    if (!editor) throw new HttpError(401, "sign in as an editor to join a page room", { code: "unauthenticated" });
    assertSecondFactor(editor);
    if (!isSameOriginRequest(request)) throw new HttpError(403, "cross-site WebSocket upgrade refused", { code: "cross_origin" });
    if (options.exists && !(await options.exists(env, address))) {
      throw new HttpError(404, `no ${address.collection} record ${address.id}`, { code: "not_found" });
    }
    const namespace = options.namespace ? options.namespace(env) : env.PAGE_ROOM;
    if (!namespace) throw new HttpError(503, "live editing is not configured", { code: "no_room_binding" });

    const forwarded = new Request(request);
    forwarded.headers.delete(ROOM_EDITOR_HEADER);
    forwarded.headers.set(ROOM_EDITOR_HEADER, encodeEditorHeader(editor));
    return namespace.get(namespace.idFromName(name)).fetch(forwarded);
  });
}

/** Clients may percent-encode the `:` of a room name; the room itself is always named decoded. */
function decodeName(raw: string): string | null {
  if (raw === "" || raw.includes("/")) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}
