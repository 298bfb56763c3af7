import { cmsSitemap } from "./cms/cms-sitemap";
import { SITEMAP_PATH } from "./cores/pages/sitemap";
import { HttpError } from "./shared/errors";
import { siteCms } from "./site/cms";
import type { SiteEnv } from "./site/env";
import { editorOption, editorScript } from "./site/render/editor-script";
import { editModeLanguages } from "./site/edit-languages";
import { withSecurityHeaders } from "./site/security-headers";
import { coursePages } from "./site/course-pages";
import { sitePages } from "./site/site-pages";

/*
 * The reference site, built on `createCms` as a consumer would be: the Durable Object classes and
 * the service-binding entrypoint are exported by name (wrangler.toml binds them), and the fetch
 * handler tries the CMS (rooms, `/api/cms/*`, public media) before the demo pages.
 */
export const { PageRoom, RateLimitObject, CmsService } = siteCms;
export { PlatformRateLimitObject } from "./commerce/storefront-platform/shared-bucket-object";

const pagesView = sitePages({
  resolveEditor: siteCms.resolveEditor,
  languages: siteCms.registry.languages,
  // Edit mode only: visitors never load the editor. The bundle is served from dist/client (wrangler assets).
  // The page's language goes with it: the edit bar's Language action, a translation's shared fields read-only.
  // A translation's empty fields come with the text visitors see there instead, marked beside them.
  editorTail: (page, editor, nonce, visitorsRead) =>
    editorScript(page.id, editor.access, editorOption(editor), nonce, page.slug, "pages", editModeLanguages(page, visitorsRead)),
});

const coursesView = coursePages({ editorTail: (id, editor, nonce) => editorScript(id, editor.access, editorOption(editor), nonce, "", "courses") });

/* Every published page in each locale, with its translations as alternates. */
const sitemap = cmsSitemap(siteCms.registry, { collections: ["pages"] });

const pageOrSitemap = (request: Request, env: SiteEnv) =>
  new URL(request.url).pathname === SITEMAP_PATH && (request.method === "GET" || request.method === "HEAD") ? sitemap(request, env) : pagesView(request, env);

/* Published pages, their redirects and the sitemap through the edge cache; editors, previews and share links pass through it. */
const visitorPages = (request: Request, env: SiteEnv, ctx: ExecutionContext) =>
  siteCms.edge ? siteCms.edge.serve(request, env, ctx, () => pageOrSitemap(request, env)) : pageOrSitemap(request, env);

export default {
  async fetch(request: Request, env: SiteEnv, ctx: ExecutionContext): Promise<Response> {
    const response =
      (await siteCms.route(request, env, ctx)) ??
      (await coursesView(request, env)) ??
      (await visitorPages(request, env, ctx)) ??
      new HttpError(404, "not found", { code: "not_found" }).toResponse();
    return withSecurityHeaders(request, response);
  },
} satisfies ExportedHandler<SiteEnv>;
