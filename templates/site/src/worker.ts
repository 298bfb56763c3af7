import { isMisconfigured, type CmsEnv } from "cms-toolkit";
import { createCms } from "cms-toolkit/workers";
import { collections } from "./collections.js";
import { htmlResponse, loginPage, missingPage, pageView } from "./pages.js";

const cms = createCms({ collections, media: {} });

// wrangler.toml binds these classes: each page's live room, sign-in rate limits, and the service
// other Workers reach over a service binding.
export const { PageRoom, RateLimitObject, CmsService } = cms;

export default {
  async fetch(request, env, ctx) {
    // /api/cms/* (sign-in, pages, drafts, publishing, uploads), the live rooms, and /media/*.
    const handled = await cms.route(request, env, ctx);
    if (handled) return handled;

    const { pathname, searchParams } = new URL(request.url);
    if (pathname === "/login") return htmlResponse(loginPage(searchParams.get("error")));
    // `/` is page 1; `/2`, `/3`… are the pages you add (POST /api/cms/pages).
    const id = pathname === "/" ? 1 : Number(/^\/(\d{1,15})$/.exec(pathname)?.[1]);
    try {
      const view = await cms.view(request, env, "pages", id);
      if (!view) return htmlResponse(missingPage(), 404);
      const mark = (field: "title" | "body", type?: "richtext") => (view.editor ? cms.marker("pages", id, field, type) : "");
      const response = htmlResponse(pageView({ id, document: view.document, editor: view.editor, mark }));
      if (view.setCookie) response.headers.append("set-cookie", view.setCookie);
      return response;
    } catch (error) {
      // A missing binding or an unapplied migration: a 503 that names the fix.
      if (isMisconfigured(error)) return error.toResponse();
      throw error;
    }
  },
} satisfies ExportedHandler<CmsEnv>;
