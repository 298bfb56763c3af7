import { mediaServeRoute } from "./routes/media-serve-route";
import { HttpError } from "./shared/errors";
import { siteApi } from "./site/api";
import { resolveSiteEditor } from "./site/auth";
import type { SiteEnv } from "./site/env";
import { sitePages } from "./site/site-pages";

export { PageRoom } from "./objects/PageRoom";

const pagesView = sitePages({ resolveEditor: resolveSiteEditor });
const serveMedia = mediaServeRoute<SiteEnv>();

/**
 * The reference site: the editing API under `/api/cms/*`, then the demo pages.
 * It holds no business rules; everything it calls is in `routes/`, `cores/` and `site/`.
 */
export default {
  async fetch(request: Request, env: SiteEnv, ctx: ExecutionContext): Promise<Response> {
    const api = await siteApi(request, env, ctx);
    if (api) return api;
    const asset = await serveMedia(request, env, ctx);
    if (asset) return asset;
    const page = await pagesView(request, env);
    if (page) return page;
    return new HttpError(404, "not found", { code: "not_found" }).toResponse();
  },
} satisfies ExportedHandler<SiteEnv>;
