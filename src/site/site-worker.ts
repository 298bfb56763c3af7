import { cmsSitemap } from "../cms/cms-sitemap";
import { SITEMAP_PATH } from "../cores/pages/sitemap";
import { HttpError } from "../shared/errors";
import type { SiteCms } from "./cms";
import type { SiteEnv } from "./env";
import { editorOption, editorScript } from "./render/editor-script";
import { editModeLanguages } from "./edit-languages";
import { withSecurityHeaders } from "./security-headers";
import { coursePages } from "./course-pages";
import { sitePages, type SitePagesOptions } from "./site-pages";

/** What a site worker may differ in: the edit-mode tail of its pages (the Chromium tests' worker adds its switches). */
export interface SiteWorkerOptions {
  editorTail?: SitePagesOptions["editorTail"];
}

/**
 * The reference site's fetch handler over `cms` (`createSiteCms`): the CMS (rooms, `/api/cms/*`,
 * public media) first, then the course pages, then the demo pages and the sitemap through the edge
 * cache, every answer with the site's security headers. src/worker.ts serves it over the site's own
 * `siteCms`; the Chromium tests' worker over one whose pages share a field.
 *
 * @example
 * export default siteWorker(siteCms);
 */
export function siteWorker(cms: SiteCms, options: SiteWorkerOptions = {}): { fetch(request: Request, env: SiteEnv, ctx: ExecutionContext): Promise<Response> } {
  const pagesView = sitePages({
    resolveEditor: cms.resolveEditor,
    languages: cms.registry.languages,
    localized: cms.registry.get("pages")?.localized ?? null,
    // Edit mode only: visitors never load the editor. The bundle is served from dist/client (wrangler assets).
    // The page's language goes with it: the edit bar's Language action, a translation's shared fields read-only.
    // A translation's empty fields come with the text visitors see there instead, marked beside them.
    editorTail:
      options.editorTail ??
      ((page, editor, nonce, visitorsRead) => editorScript(page.id, editor.access, editorOption(editor), nonce, page.slug, "pages", editModeLanguages(page, visitorsRead, cms.registry))),
  });
  const coursesView = coursePages({ editorTail: (id, editor, nonce) => editorScript(id, editor.access, editorOption(editor), nonce, "", "courses") });
  /* Every published page in each locale, with its translations as alternates. */
  const sitemap = cmsSitemap(cms.registry, { collections: ["pages"] });
  const pageOrSitemap = (request: Request, env: SiteEnv) =>
    new URL(request.url).pathname === SITEMAP_PATH && (request.method === "GET" || request.method === "HEAD") ? sitemap(request, env) : pagesView(request, env);
  /* Published pages, their redirects and the sitemap through the edge cache; editors, previews and share links pass through it. */
  const visitorPages = (request: Request, env: SiteEnv, ctx: ExecutionContext) =>
    cms.edge ? cms.edge.serve(request, env, ctx, () => pageOrSitemap(request, env)) : pageOrSitemap(request, env);
  return {
    async fetch(request, env, ctx) {
      const response =
        (await cms.route(request, env, ctx)) ??
        (await coursesView(request, env)) ??
        (await visitorPages(request, env, ctx)) ??
        new HttpError(404, "not found", { code: "not_found" }).toResponse();
      return withSecurityHeaders(request, response);
    },
  };
}
