import type { EditorSession, ResolveEditor } from "../shared/session";
import type { AuthEnv } from "./auth-env";
import { readSessionCookie, verifySession, type SessionPayload } from "./session-cookie";

/*
 * Trade-off of a stateless cookie: resolving a session is one HMAC verify and never a D1 read, so it
 * is cheap on every editor request. The price: signing out only clears the cookie in that browser
 * (a copied cookie stays valid until it expires), and removing an editor or changing their role in
 * D1 takes effect when their cookie expires, at most SESSION_LIFETIME_SECONDS later. Rotating
 * CMS_SESSION_SECRET signs everybody out at once when that wait is too long.
 */

export interface SiteEditorResolverOptions {
  /** Clock in milliseconds; default `Date.now`. Tests move it to expire cookies. */
  now?: () => number;
}

/**
 * Builds the reference site's `resolveEditor` over the session cookie.
 *
 * @example
 * const resolveEditor = createSiteEditorResolver({ now: () => fixedTime });
 */
export function createSiteEditorResolver(options: SiteEditorResolverOptions = {}): ResolveEditor<Pick<AuthEnv, "CMS_SESSION_SECRET">> {
  const now = options.now ?? Date.now;
  return async (request, env) => {
    const value = readSessionCookie(request);
    if (value === null) return null;
    const payload = await verifySession(value, env.CMS_SESSION_SECRET, now());
    return payload ? sessionFromPayload(payload) : null;
  };
}

/**
 * The reference site's `resolveEditor`: the editor signed in by the `cms_session` cookie, or `null`.
 * A missing or too-short `CMS_SESSION_SECRET` resolves nobody (sign-in itself answers 503).
 *
 * @example
 * pagesRoute({ table: pages, resolveEditor: resolveSiteEditor });
 */
export const resolveSiteEditor: ResolveEditor<Pick<AuthEnv, "CMS_SESSION_SECRET">> = createSiteEditorResolver();

/**
 * Maps a verified cookie payload to the library's `EditorSession`: every editor has role `editor`,
 * a publisher also `publisher` and `access.publish`.
 *
 * @example
 * sessionFromPayload(payload).access.publish // true for a publisher
 */
export function sessionFromPayload(payload: SessionPayload): EditorSession {
  const publish = payload.role === "publisher";
  return {
    id: payload.sub,
    email: payload.email,
    name: payload.name,
    roles: publish ? ["editor", "publisher"] : ["editor"],
    access: { publish },
  };
}
