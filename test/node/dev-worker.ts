import { getServerByName, routePartykitRequest } from "partyserver";
import { BareRoom } from "../../bench/bare-room";
import { benchSetup } from "../../bench/worker-setup";
import site from "../../src/worker";
import { PageRoom } from "../../src/objects/PageRoom";
import { isEditorSession } from "../../src/shared/room-identity";
import type { RoomResult } from "../../src/shared/room-result";
import { roomRoute } from "../../src/routes/room-route";
import { resolveSiteEditor } from "../../src/site/auth";
import type { SiteEnv } from "../../src/site/env";
import { ROOM_COLLECTIONS, roomCollections } from "../../src/site/room-deps";

/*
 * Node-side harness only (never deployed): the reference worker with page rooms wired the way
 * src/worker.ts will wire them, the bench's bare room and room-stats route, and a resolver that
 * also trusts an `x-node-test-editor` header so a Node client can join without signing in.
 */
PageRoom.configure<SiteEnv>({ collections: roomCollections });

type HarnessEnv = SiteEnv & { BARE_ROOM: DurableObjectNamespace<BareRoom> };

const rooms = roomRoute<SiteEnv>({
  collections: ROOM_COLLECTIONS,
  resolveEditor: (request, env) => {
    const raw = request.headers.get("x-node-test-editor");
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return isEditorSession(parsed) ? parsed : resolveSiteEditor(request, env);
  },
});

export { BareRoom, PageRoom };

export default {
  async fetch(request: Request, env: HarnessEnv, ctx: ExecutionContext): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (pathname === "/__bench/setup") return benchSetup(request, env);
    if (pathname.startsWith("/parties/bare-room/")) {
      return (await routePartykitRequest(request, { BARE_ROOM: env.BARE_ROOM } as unknown as Cloudflare.Env)) ?? new Response("no room", { status: 404 });
    }
    const stats = /^\/__bench\/room-stats\/([^/]+)$/.exec(pathname);
    if (stats) {
      const room = await getServerByName(env.PAGE_ROOM as DurableObjectNamespace<PageRoom>, decodeURIComponent(stats[1] as string));
      const result = (await room.storageStats()) as RoomResult<unknown>;
      if (!result.ok) return Response.json(result, { status: result.status });
      return Response.json(result.value);
    }
    return (await rooms(request, env, ctx)) ?? site.fetch(request, env, ctx);
  },
} satisfies ExportedHandler<HarnessEnv>;
