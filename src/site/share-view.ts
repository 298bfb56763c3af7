import { shareLinkKey, shareLinkStore } from "../cores/share";
import { isHttpError } from "../shared/errors";
import { shareLinks } from "../tables/share-links";
import type { SiteEnv } from "./env";
import { html, layout } from "./render/layout";

/** Where a shared draft is shown: `/share/<token>` (the share-links route's default `viewPath`). */
export const SHARE_PATH = "/share/";

/** What an editor asks to see as a visitor: the draft (Preview) or the published page (Done). */
export type VisitorView = "draft" | "published";

/**
 * The `?cms-view=` an editor's request asks for, or `null` for edit mode.
 *
 * @example
 * viewAsVisitor(new URL("https://site.test/about?cms-view=draft")) // "draft"
 */
export function viewAsVisitor(url: URL): VisitorView | null {
  const view = url.searchParams.get("cms-view");
  return view === "draft" || view === "published" ? view : null;
}

/*
 * A shared draft is private content behind a bearer URL: never cached, never indexed, and the
 * URL (its secret) is never sent on as a Referer from links on the page.
 */
const SHARED_HEADERS = { "cache-control": "private, no-store", "x-robots-tag": "noindex", "referrer-policy": "no-referrer" } as const;

/**
 * Answers `/share/<token>`: the shared record's newest draft as a visitor would see it
 * (`render(id)` of the page renderer), read-only and without an account; a clear 404 page for an
 * unknown or tampered token and a 410 page once the link was revoked or has expired.
 *
 * @example
 * return sharedDraftPage(request, env, token, async (id) => ({ page, body }));
 */
export async function sharedDraftPage(
  request: Request,
  env: SiteEnv,
  token: string,
  render: (id: number) => Promise<{ page: { title: string }; body: string } | null>,
): Promise<Response> {
  let shown: { body: string } | null = null;
  let refusal: { status: number; message: string } = { status: 404, message: "This share link does not exist. Ask whoever sent it for a new one." };
  try {
    const record = await shareLinkStore(env.DB, shareLinks, await shareLinkKey(env.CMS_SESSION_SECRET)).open(token, Math.floor(Date.now() / 1000));
    shown = record.collection === "pages" ? await render(record.recordId) : null;
  } catch (error) {
    if (!isHttpError(error)) throw error;
    // A deployment mistake (no CMS_SESSION_SECRET: 503 misconfigured) answers as such, named.
    if (error.status !== 404 && error.status !== 410) return shared(error.toResponse());
    if (error.status === 410) refusal = { status: 410, message: `${error.code === "revoked" ? "This share link was revoked" : "This share link has expired"}. Ask whoever sent it for a new one.` };
  }
  const response = shown
    ? html(shown.body, { request, editMode: true, mediaUrl: env.MEDIA_URL })
    : html(layout({ title: "Share link not available", noindex: true }, `<main><h1>Share link not available</h1><p>${refusal.message}</p></main>`), {
        request,
        status: refusal.status,
        editMode: true,
      });
  return shared(response);
}

function shared(response: Response): Response {
  for (const [name, value] of Object.entries(SHARED_HEADERS)) response.headers.set(name, value);
  return response;
}
