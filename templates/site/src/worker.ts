import { isMisconfigured, type CmsEnv } from "cms-toolkit";
import { createCms } from "cms-toolkit/workers";
import { collections } from "./collections.js";
import { htmlResponse, loginPage, missingPage, pageView, productView, type ProductMark } from "./pages.js";

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
    // `/products/1`, `/products/2`…: the products you add (POST /api/cms/products).
    const product = /^\/products\/(\d{1,15})$/.exec(pathname);
    if (product) return productPage(request, env, Number(product[1]));
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

/* A product's page: edit mode for an editor (each typed field with its stored value), the published product for a visitor. */
async function productPage(request: Request, env: CmsEnv, id: number): Promise<Response> {
  try {
    const view = await cms.view(request, env, "products", id);
    if (!view) return htmlResponse(missingPage(), 404);
    const document = view.document;
    const mark = (field: Parameters<ProductMark>[0]) =>
      view.editor ? `${cms.marker("products", id, field)} data-cms-value="${escapeValue(document[field] ?? null)}"` : "";
    const response = htmlResponse(productView({ id, document, editor: view.editor, mark }));
    if (view.setCookie) response.headers.append("set-cookie", view.setCookie);
    return response;
  } catch (error) {
    if (isMisconfigured(error)) return error.toResponse();
    throw error;
  }
}

/* A stored value as a `data-cms-value` attribute (JSON, escaped for the attribute). */
function escapeValue(value: unknown): string {
  return JSON.stringify(value).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}
