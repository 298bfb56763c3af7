import { mayAccessRecord } from "../cores/access";
import { resumeReadSession } from "../cores/d1-session";
import { loadEditableDocument } from "../cores/drafts";
import { mediaMetaByUrl, resolveImageAlt, type MediaMeta } from "../cores/media";
import { readSettings } from "../cores/settings";
import { findPageAt, publishedAlternates } from "../cores/pages/localized-pages";
import { findRedirect } from "../cores/pages/redirects";
import { isHttpError } from "../shared/errors";
import { isSlug } from "../shared/slug";
import { hreflangLinks, localePath, parseLocalePath, type LocaleAddressing } from "../shared/locale-path";
import type { Languages } from "../shared/locales";
import { readTranslated, type TranslatedRead } from "../cores/translations/read-translated";
import { tableMeta } from "../cores/table-meta";
import type { D1Client } from "../cores/d1-client";
import { flushRoomDraft } from "../objects/room-client";
import type { EditorSession, ResolveEditor } from "../shared/session";
import type { SiteEnv } from "./env";
import { safeNextPath } from "../auth/sign-in-input";
import { html, layout } from "./render/layout";
import { createNonce } from "./security-headers";
import { loginPage } from "./render/login-html";
import { renderPageContent, sectionImageUrls, type PageDocument } from "./render/page-html";
import { pagesCollection, pagesDeclaration } from "./collections";
import { pageRedirects, pages, pagesVersions } from "../tables/pages";
import { siteSettingsConfig } from "./settings-config";
import { renderContactForm } from "./contact-form";
import { SHARE_PATH, sharedDraftPage, viewAsVisitor } from "./share-view";
import { menuLinks } from "./site-menu";

const pagesMeta = tableMeta(pages);

/* How edit mode and previews read a page's drafts, and which of its fields a translation shares. */
type DraftReads = Parameters<typeof readTranslated>[1] & Parameters<typeof loadEditableDocument>[1];

/** Where the edit-mode page loads its editing scripts from; empty until the client is built. */
export interface SitePagesOptions {
  resolveEditor: ResolveEditor<SiteEnv>;
  /**
   * Markup appended to edit-mode pages (the inline-editing client). `visitorsRead` is the page as
   * visitors read it: on a translation, which empty fields they see from another locale, and that text.
   */
  editorTail?: (page: PageDocument, editor: EditorSession, nonce: string, visitorsRead: TranslatedRead) => string;
  /** The site's languages (`cms.registry.languages`): which first path segments name a locale, and where a translation's empty fields are read from. */
  languages?: (NonNullable<LocaleAddressing> & { fallback?: Languages["fallback"] }) | null;
  /** The fields of `pages` its translations share (`cms.registry.get("pages").localized`); default the site's own declaration's. */
  localized?: { shared: readonly string[] } | null;
}

/** How one page is shown: to an editor (edit mode) or as a visitor sees it, under which nonce, indexable or not, with which tail. */
interface Showing {
  editor: EditorSession | null;
  nonce?: string | undefined;
  /** Shared drafts and previews: kept out of search engines. */
  noindex?: boolean;
  /** Markup for the end of `<body>` (edit mode's client). */
  tail?: string | undefined;
  /** The page's published locales (hreflang), as paths; read while the page renders (one D1 trip fewer in a row). */
  alternates?: Promise<readonly { hreflang: string; path: string }[]>;
}

/**
 * Serves the demo site: `/` is the page with slug `home`, `/<slug>` the others, each other locale's
 * at `/<locale>/` and `/<locale>/<slug>` (`localePath`), `/login` signs in,
 * `/share/<token>` shows a shared draft. Visitors get the live row of a published page and no
 * editor script; a signed-in editor gets edit mode with `data-cms-field` markers, also of a page
 * never published (its draft), or, with `?cms-view=draft` (Preview) or `?cms-view=published`
 * (Done), the page exactly as a visitor would see that content, from the same renderer. An address
 * no visible page holds that a published rename left behind answers 308 to the new address.
 *
 * @example
 * const response = await sitePages({ resolveEditor })(request, env);
 */
export function sitePages(options: SitePagesOptions) {
  const languages = options.languages ?? null;
  const translating: Languages | null = languages && { ...languages, fallback: languages.fallback ?? {} };
  const draftReads: DraftReads = { table: pages, versionsTable: pagesVersions, config: pagesCollection, localized: options.localized === undefined ? pagesDeclaration.localized : (options.localized ?? undefined) };
  return async (request: Request, env: SiteEnv): Promise<Response | undefined> => {
    if (request.method !== "GET" && request.method !== "HEAD") return undefined;
    const url = new URL(request.url);
    if (url.pathname === "/login") {
      return html(loginPage({ error: url.searchParams.get("error"), next: safeNextPath(url.searchParams.get("next"), request) }), { request });
    }
    if (url.pathname.startsWith(SHARE_PATH)) {
      return sharedDraftPage(request, env, url.pathname.slice(SHARE_PATH.length), async (id) => {
        const editable = await readDraft(env, env.DB, draftReads, id);
        return editable && { page: editable, body: await pageBody(request, env, env.DB, editable, { editor: null, noindex: true }) };
      });
    }
    const address = parseLocalePath(languages, url.pathname);
    if (!address || !isSlug(address.slug)) return undefined;
    const { locale, slug } = address;
    // A locale named in the path has one address per page: `/de` is `/de/`, `/en/about` is `/about`.
    const canonical = localePath(languages, locale, slug);
    if (address.prefixed && canonical !== url.pathname) return redirectTo(canonical, url);
    const signedIn = await options.resolveEditor(request, env);
    // Edit mode reads through a session anchored at this browser's last draft write (read-after-write).
    const read = signedIn ? resumeReadSession(env.DB, request.headers.get("cookie")) : null;
    const db = read?.client ?? env.DB;
    const live = await findPageAt(db, pagesMeta, languages, address);
    // A page outside the editor's scope is theirs only to visit: no draft, no editor on it.
    const outside = signedIn !== null && live !== null && !mayAccessRecord(signedIn, pagesCollection, live);
    const asVisitor = signedIn && !outside ? viewAsVisitor(url) : null;
    // Preview and Done show a visitor's page to an editor: no markers, no editor script.
    const editor = asVisitor || outside ? null : signedIn;
    // Edit mode's scripts run under this response's nonce; visitors' pages get none and run no script.
    const nonce = editor ? createNonce() : undefined;
    const signedInView = Boolean(signedIn);
    if (!live || (!editor && asVisitor !== "draft" && live.publishedVersionId === null)) {
      // A renamed page's old address leads on, permanently, to where the page lives now.
      const moved = await findRedirect(db, pageRedirects, slug, languages ? locale : undefined);
      if (moved !== null) return redirectTo(localePath(languages, locale, moved), url);
      return html(layout({ title: "Not found", editor, nonce }, `<main><h1>Not found</h1><p>No page lives at ${url.pathname.replace(/[<>&"']/g, "")}.</p></main>`), {
        request,
        nonce,
        status: 404,
        editMode: signedInView,
      });
    }
    // Edit mode and Preview show the newest pending draft, with the room's live edits written
    // first (a reload shows the words typed a moment ago, not the text of the last flush);
    // everyone else sees the live row.
    const shown = editor || asVisitor === "draft" ? ((await readDraft(env, db, draftReads, live.id as number)) ?? live) : live;
    // Visitors and previews see a translation's shared fields from its source and its empty fields
    // along the fallback chain (a preview the drafts' chain, everyone else the published one);
    // edit mode shows the translation's own values, which it edits, and is told what visitors see
    // in place of its empty fields (the client marks that text beside them).
    const translated = await readTranslated(db, draftReads, translating, shown as Record<string, unknown>, asVisitor === "draft" ? "draft" : "live");
    const page = (editor ? await withSourceShared(db, draftReads, translating, shown as Record<string, unknown>) : translated.row) as unknown as PageDocument;
    const tail = editor && nonce ? options.editorTail?.(page, editor, nonce, translated) : undefined;
    // Search engines meet the published page only: its published locales, itself among them.
    const alternates = asVisitor === null ? publishedAlternates(db, pagesMeta, languages, live).then((rows) => hreflangLinks(languages, rows)) : undefined;
    // The render awaits it; should the render fail first, its failure answers and this one is moot.
    alternates?.catch(() => undefined);
    const body = await pageBody(request, env, db, page, { editor, nonce, tail, noindex: asVisitor !== null, alternates });
    // A page with the contact form carries a single-use form token: it is one visitor's, never shared.
    const response = html(body, { request, nonce, mediaUrl: env.MEDIA_URL, editMode: signedInView || carriesFormToken(page) });
    const bookmark = read?.commit({ secure: url.protocol === "https:" });
    if (bookmark) response.headers.append("set-cookie", bookmark);
    return response;
  };
}

/**
 * The newest pending draft over the live row; the page's room first writes the live edits D1 has
 * not seen, so edit mode and previews show every acknowledged keystroke.
 */
async function readDraft(env: SiteEnv, db: D1Client, draftReads: DraftReads, id: number): Promise<PageDocument | null> {
  await flushRoomDraft(env, pagesCollection.slug, id).catch((error: unknown) => {
    // A deleted page has no room to flush: the read below finds nothing and answers 404.
    if (!(isHttpError(error) && error.status === 404)) console.error("room flush before a draft read failed", error);
  });
  return ((await loadEditableDocument(db, draftReads, id))?.document ?? null) as PageDocument | null;
}

/*
 * Edit mode's row of a translation: its own fields, which it edits, and its shared fields as its
 * room holds them, the source's draft's (a row's own copy of them is as old as its last write).
 */
async function withSourceShared(db: D1Client, reads: DraftReads, languages: Languages | null, row: Record<string, unknown>): Promise<Record<string, unknown>> {
  const shared = reads.localized?.shared ?? [];
  if (shared.length === 0 || typeof row.sourceId !== "number") return row;
  const source = (await readTranslated(db, reads, languages, row, "draft")).row;
  return { ...row, ...Object.fromEntries(shared.map((field) => [field, source[field]])) };
}

/** The whole page around `page`'s content: one renderer for edit mode, visitors, previews and shared drafts. */
async function pageBody(request: Request, env: SiteEnv, db: D1Client, page: PageDocument, showing: Showing): Promise<string> {
  const url = new URL(request.url);
  // Read alongside the page (the header's site name does not depend on it); a failed read only
  // costs the header its name, never the page.
  const settingsRead = readSettings(env.DB, siteSettingsConfig).catch((error: unknown) => {
    console.error("site settings read failed", error);
    return {} as Record<string, unknown>;
  });
  // The demo's contact form lives on the home page; it posts without JavaScript.
  const after = carriesFormToken(page) ? await renderContactForm(env, url, Date.now()) : "";
  // An image without its own alt falls back to the asset's alt from the media registry.
  const imageUrls = sectionImageUrls(page.sections);
  const assets = imageUrls.length ? await mediaMetaByUrl(db, "media", env.MEDIA_URL, imageUrls) : new Map<string, MediaMeta>();
  const content = renderPageContent(page, { editMode: Boolean(showing.editor), after, altFor: (image) => resolveImageAlt(image, assets) });
  const settings = await settingsRead;
  const siteName = typeof settings.siteName === "string" ? settings.siteName : undefined;
  const menu = await menuLinks(db, settings.menu, page.locale);
  const alternates = ((await showing.alternates) ?? []).map(({ hreflang, path }) => ({ hreflang, href: `${url.origin}${path}` }));
  return layout({ title: page.title, lang: page.locale ?? "en", alternates, editor: showing.editor, siteName, menu, tail: showing.tail, nonce: showing.nonce, ...(showing.noindex ? { noindex: true } : {}) }, content);
}

/* The demo's contact form, with its single-use timing token, is on the home page only. */
function carriesFormToken(page: PageDocument): boolean {
  return page.slug === "home";
}

/* 308: permanent, and the method is kept; the query string goes along. */
function redirectTo(path: string, url: URL): Response {
  return new Response(null, { status: 308, headers: { location: `${path}${url.search}`, "cache-control": "public, max-age=0, must-revalidate" } });
}
