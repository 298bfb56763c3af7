import { findRowBy } from "../cores/pages/page-store";
import { tableMeta } from "../cores/table-meta";
import type { ResolveEditor } from "../shared/session";
import type { SiteEnv } from "./env";
import { html, layout } from "./render/layout";
import { loginPage } from "./render/login-html";
import { renderPageContent, type PageDocument } from "./render/page-html";
import { pages } from "./schema";
import { renderContactForm } from "./contact-form";

const SLUG = /^[a-z0-9][a-z0-9-]{0,119}$/;
const meta = tableMeta(pages);

/** Where the edit-mode page loads its editing scripts from; empty until the client is built. */
export interface SitePagesOptions {
  resolveEditor: ResolveEditor<SiteEnv>;
  /** Markup appended to edit-mode pages (the inline-editing client). */
  editorTail?: (page: PageDocument) => string;
}

/**
 * Serves the demo site: `/` is the page with slug `home`, `/<slug>` the others, `/login` signs in.
 * Visitors get the live row of a published page and no editor script; a signed-in editor gets
 * edit mode with `data-cms-field` markers.
 *
 * @example
 * const response = await sitePages({ resolveEditor })(request, env);
 */
export function sitePages(options: SitePagesOptions) {
  return async (request: Request, env: SiteEnv): Promise<Response | undefined> => {
    if (request.method !== "GET" && request.method !== "HEAD") return undefined;
    const url = new URL(request.url);
    if (url.pathname === "/login") {
      const next = url.searchParams.get("next") ?? "/";
      return html(loginPage({ failed: url.searchParams.has("error"), next: next.startsWith("/") && !next.startsWith("//") ? next : "/" }));
    }
    const slug = url.pathname === "/" ? "home" : url.pathname.slice(1);
    if (!SLUG.test(slug)) return undefined;
    const editor = await options.resolveEditor(request, env);
    const live = await findRowBy(env.DB, meta, "slug", slug);
    if (!live || (!editor && live.publishedVersionId === null)) {
      return html(layout({ title: "Not found", editor }, `<main><h1>Not found</h1><p>No page lives at ${url.pathname.replace(/[<>&"']/g, "")}.</p></main>`), {
        status: 404,
        editMode: Boolean(editor),
      });
    }
    const page = live as unknown as PageDocument;
    // The demo's contact form lives on the home page; it posts without JavaScript.
    const after = page.slug === "home" ? await renderContactForm(env, url, Date.now()) : "";
    const content = renderPageContent(page, { editMode: Boolean(editor), after });
    return html(layout({ title: page.title, editor, tail: editor ? options.editorTail?.(page) : undefined }, content), { editMode: Boolean(editor) });
  };
}
