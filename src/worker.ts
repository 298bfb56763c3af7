import { PageRoom } from "./objects/PageRoom";
import { mediaServeRoute } from "./routes/media-serve-route";
import { roomRoute } from "./routes/room-route";
import { HttpError } from "./shared/errors";
import { siteApi } from "./site/api";
import { resolveSiteEditor } from "./site/auth";
import type { SiteEnv } from "./site/env";
import { ROOM_COLLECTIONS, roomCollections } from "./site/room-deps";
import { editorScript } from "./site/render/editor-script";
import { sitePages } from "./site/site-pages";

// The room learns which collections it serves here, so src/objects stays free of site code.
PageRoom.configure<SiteEnv>({ collections: roomCollections });
const rooms = roomRoute<SiteEnv>({ resolveEditor: resolveSiteEditor, collections: ROOM_COLLECTIONS });

export { PageRoom };
export { CmsService } from "./service/cms-service";
export { PlatformRateLimitObject } from "./commerce/storefront-platform/shared-bucket-object";
export { RateLimitObject } from "./objects/rate-limit-object";

const pagesView = sitePages({
  resolveEditor: resolveSiteEditor,
  // Edit mode only: visitors never load the editor. The bundle is served from dist/client (wrangler assets).
  editorTail: (page, editor) => editorScript(page.id, editor.access.publish),
});
const serveMedia = mediaServeRoute<SiteEnv>();

/**
 * The reference site: live rooms under `/parties/page-room/*`, the editing API under `/api/cms/*`,
 * media under `/media/*`, then the demo pages.
 * It holds no business rules; everything it calls is in `routes/`, `cores/` and `site/`.
 */
export default {
  async fetch(request: Request, env: SiteEnv, ctx: ExecutionContext): Promise<Response> {
    const room = await rooms(request, env, ctx);
    if (room) return room;
    const api = await siteApi(request, env, ctx);
    if (api) return api;
    const asset = await serveMedia(request, env, ctx);
    if (asset) return asset;
    const page = await pagesView(request, env);
    if (page) return page;
    return new HttpError(404, "not found", { code: "not_found" }).toResponse();
  },
} satisfies ExportedHandler<SiteEnv>;
