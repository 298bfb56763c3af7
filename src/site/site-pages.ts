import { resumeReadSession } from "../cores/d1-session";
import { loadEditableDocument } from "../cores/drafts";
import { mediaMetaByUrl, resolveImageAlt, type MediaMeta } from "../cores/media";
import { readSettings } from "../cores/settings";
import { findRowBy } from "../cores/pages/page-store";
import { findRedirect } from "../cores/pages/redirects";
import { isSlug } from "../shared/slug";
import { tableMeta } from "../cores/table-meta";
import type { EditorSession, ResolveEditor } from "../shared/session";
import type { SiteEnv } from "./env";
import { safeNextPath } from "../auth/sign-in-input";
import { html, layout } from "./render/layout";
import { createNonce } from "./security-headers";
import { loginPage } from "./render/login-html";
import { renderPageContent, sectionImageUrls, type PageDocument } from "./render/page-html";
import { pagesCollection } from "./collections";
import { pageRedirects, pages, pagesVersions } from "../tables/pages";
import { siteSettingsConfig } from "./settings-config";
import { renderContactForm } from "./contact-form";
import { menuLinks } from "./site-menu";

const pagesMeta = tableMeta(pages);
const draftReads = { table: pages, versionsTable: pagesVersions, config: pagesCollection };

/** Where the edit-mode page loads its editing scripts from; empty until the client is built. */
export interface SitePagesOptions {
  resolveEditor: ResolveEditor<SiteEnv>;
  /** Markup appended to edit-mode pages (the inline-editing client). */
  editorTail?: (page: PageDocument, editor: EditorSession, nonce: string) => string;
}

/**
 * Serves the demo site: `/` is the page with slug `home`, `/<slug>` the others, `/login` signs in.
 * Visitors get the live row of a published page and no editor script; a signed-in editor gets
 * edit mode with `data-cms-field` markers, also of a page never published (its draft). An address
 * no visible page holds that a published rename left behind answers 308 to the new address.
 *
 * @example
 * const response = await sitePages({ resolveEditor })(request, env);
 */
export function sitePages(options: SitePagesOptions) {
  return async (request: Request, env: SiteEnv): Promise<Response | undefined> => {
    if (request.method !== "GET" && request.method !== "HEAD") return undefined;
    const url = new URL(request.url);
    if (url.pathname === "/login") {
      return html(loginPage({ failed: url.searchParams.has("error"), next: safeNextPath(url.searchParams.get("next"), request) }), { request });
    }
    const slug = url.pathname === "/" ? "home" : url.pathname.slice(1);
    if (!isSlug(slug)) return undefined;
    // Read alongside the page (the header's site name does not depend on it); a failed read only
    // costs the header its name, never the page.
    const settingsRead = readSettings(env.DB, siteSettingsConfig).catch((error: unknown) => {
      console.error("site settings read failed", error);
      return {} as Record<string, unknown>;
    });
    const editor = await options.resolveEditor(request, env);
    // Edit mode's scripts run under this response's nonce; visitors' pages get none and run no script.
    const nonce = editor ? createNonce() : undefined;
    // Edit mode reads through a session anchored at this browser's last draft write (read-after-write).
    const read = editor ? resumeReadSession(env.DB, request.headers.get("cookie")) : null;
    const db = read?.client ?? env.DB;
    const live = await findRowBy(db, pagesMeta, "slug", slug);
    if (!live || (!editor && live.publishedVersionId === null)) {
      // A renamed page's old address leads on, permanently, to where the page lives now.
      const moved = await findRedirect(db, pageRedirects, slug);
      if (moved !== null) return redirectTo(moved === "home" ? "/" : `/${moved}`, url);
      return html(layout({ title: "Not found", editor, nonce }, `<main><h1>Not found</h1><p>No page lives at ${url.pathname.replace(/[<>&"']/g, "")}.</p></main>`), {
        request,
        nonce,
        status: 404,
        editMode: Boolean(editor),
      });
    }
    // Edit mode resumes the newest pending draft; everyone else sees the live row.
    const shown = editor ? ((await loadEditableDocument(db, draftReads, live.id as number))?.document ?? live) : live;
    const page = shown as unknown as PageDocument;
    // The demo's contact form lives on the home page; it posts without JavaScript.
    const after = slug === "home" ? await renderContactForm(env, url, Date.now()) : "";
    // An image without its own alt falls back to the asset's alt from the media registry.
    const imageUrls = sectionImageUrls(page.sections);
    const assets = imageUrls.length ? await mediaMetaByUrl(db, "media", env.MEDIA_URL, imageUrls) : new Map<string, MediaMeta>();
    const content = renderPageContent(page, { editMode: Boolean(editor), after, altFor: (image) => resolveImageAlt(image, assets) });
    const settings = await settingsRead;
    const siteName = typeof settings.siteName === "string" ? settings.siteName : undefined;
    const menu = await menuLinks(db, settings.menu);
    const tail = editor && nonce ? options.editorTail?.(page, editor, nonce) : undefined;
    const response = html(layout({ title: page.title, editor, siteName, menu, tail, nonce }, content), {
      request,
      nonce,
      mediaUrl: env.MEDIA_URL,
      editMode: Boolean(editor),
    });
    const bookmark = read?.commit({ secure: url.protocol === "https:" });
    if (bookmark) response.headers.append("set-cookie", bookmark);
    return response;
  };
}

/* 308: permanent, and the method is kept; the query string goes along. */
function redirectTo(path: string, url: URL): Response {
  return new Response(null, { status: 308, headers: { location: `${path}${url.search}`, "cache-control": "public, max-age=0, must-revalidate" } });
}
