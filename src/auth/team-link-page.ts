import type { RateLimiterFactory } from "../cores/rate-limit";
import { readBodyBytes } from "../routes/body";
import { clientAddress, type ClientAddressTrust } from "../routes/client-address";
import { assertSameOrigin } from "../routes/guard";
import { matchPath } from "../routes/match-path";
import { assertMethod, withErrorEdge } from "../routes/run-editor-route";
import { isHttpError } from "../shared/errors";
import type { EditorRoute } from "../shared/route-types";
import { hashPassword } from "./password";
import { assertNewPassword } from "./password-policy";
import { assertSessionSecret } from "./session-cookie";
import { startSession } from "./start-session";
import { deadLinkPage, teamLinkPage } from "./team-link-html";
import { DEFAULT_TEAM_LIMITS, TEAM_LINK_PATHS, teamLinkLimiter, type TeamEnv, type TeamLimits } from "./team-limits";
import { openTeamLink, redeemTeamLink, type OpenTeamLink, type TeamLinkKind } from "./team-links";
import { tellSessionRooms } from "./session-rooms";

export interface TeamLinkPageOptions<Env extends TeamEnv> {
  /** Clock in milliseconds; default `Date.now`. Tests move it to expire links. */
  now?: () => number;
  /** Default `DEFAULT_TEAM_LIMITS` (`perAddress` counts password submissions). */
  limits?: Partial<TeamLimits>;
  limiters?: (env: Env, now: () => number) => RateLimiterFactory;
  /** Where a redeemed link signs its holder in to; default `/`. */
  afterPath?: string;
  trustClientAddress?: ClientAddressTrust;
}

// A password form: two fields of at most 1024 characters each, URL-encoded.
const MAX_FORM_BYTES = 16 * 1024;
// The token is in the address: no referrer carries it to another site (`no-referrer` would also
// make the browser send `Origin: null` with the form, which the same-origin check refuses). The
// page runs no script and loads nothing; its one style is inline.
const HTML_HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "private, no-store",
  "referrer-policy": "same-origin",
  "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
};

/**
 * The pages invite and reset links open: `GET /invite/<token>` (or `/reset/<token>`) shows who the
 * link is for and a password form; its `POST /invite` (or `/reset`) carries the token in the form
 * body, never in an address that request logs keep, and sets the password (the one policy,
 * `assertNewPassword`: 422 and the form again, saying why), signs the holder in and answers 303 to
 * the site. An unknown link answers a 404 page, a used or expired one a 410 page. Posts are
 * same-origin checked and counted per client address (429).
 *
 * @example
 * composeRoutes(teamLinkPageRoute(), sessionRoute());
 */
export function teamLinkPageRoute<Env extends TeamEnv>(options: TeamLinkPageOptions<Env> = {}): EditorRoute<Env> {
  const now = options.now ?? Date.now;
  const limits: TeamLimits = { ...DEFAULT_TEAM_LIMITS, ...options.limits };
  const afterPath = options.afterPath ?? "/";

  return withErrorEdge<Env>(async (request, env) => {
    const url = new URL(request.url);
    const page = linkPageOf(url.pathname);
    const post = page ? null : linkPostOf(url.pathname);
    if (!page && !post) return undefined;
    assertMethod(request, page ? ["GET", "HEAD"] : ["POST"]);
    const secret = env.CMS_SESSION_SECRET;
    assertSessionSecret(secret);
    const host = url.host;
    let form: URLSearchParams | null = null;
    if (post) {
      assertSameOrigin(request);
      const limiter = teamLinkLimiter(options.limiters?.(env, now), env, now, { prefix: "team:link:", limit: limits.perAddress, windowSeconds: limits.windowSeconds });
      await limiter(clientAddress(request, options.trustClientAddress));
      form = new URLSearchParams(new TextDecoder().decode(await readBodyBytes(request, MAX_FORM_BYTES)));
    }
    const found = page ?? { kind: post!, token: form?.get("token") ?? "" };
    let link: OpenTeamLink;
    try {
      link = await openTeamLink(env.DB, secret, found.kind, found.token, Math.floor(now() / 1000));
    } catch (caught) {
      if (isHttpError(caught) && (caught.status === 404 || caught.status === 410)) {
        return new Response(deadLinkPage(caught.code ?? "not_found"), { status: caught.status, headers: HTML_HEADERS });
      }
      throw caught;
    }
    const shown = { host, token: found.token, action: TEAM_LINK_PATHS[found.kind] };
    if (!form) return new Response(teamLinkPage(link, { ...shown, error: null }), { headers: HTML_HEADERS });

    const password = form.get("password") ?? "";
    const refuse = (message: string, status = 422) => new Response(teamLinkPage(link, { ...shown, error: message }), { status, headers: HTML_HEADERS });
    try {
      assertNewPassword(password);
    } catch (caught) {
      if (isHttpError(caught)) return refuse(caught.message);
      throw caught;
    }
    if (form.get("confirm") !== password) return refuse("The two passwords differ; type the same password twice.");
    let cookie: string;
    try {
      const account = await redeemTeamLink(env.DB, link, await hashPassword(password), now());
      // A reset ended every session of the account: the rooms it has open close its sockets now.
      if (link.kind === "reset") await tellSessionRooms(env, { editorId: String(account.id) }, { ended: true, request });
      cookie = await startSession(request, { DB: env.DB, CMS_SESSION_SECRET: secret }, account, now());
    } catch (caught) {
      if (isHttpError(caught) && caught.status === 410) return new Response(deadLinkPage(caught.code ?? "link_used"), { status: 410, headers: HTML_HEADERS });
      if (isHttpError(caught) && caught.status === 409) return refuse("An account with this email already exists: sign in with it instead.", 409);
      throw caught;
    }
    return new Response(null, { status: 303, headers: { location: afterPath, "set-cookie": cookie, "cache-control": "private, no-store" } });
  });
}

const KINDS = ["invite", "reset"] as const;

function linkPageOf(pathname: string): { kind: TeamLinkKind; token: string } | null {
  for (const kind of KINDS) {
    const params = matchPath(`${TEAM_LINK_PATHS[kind]}/:token`, pathname);
    if (params?.token !== undefined) return { kind, token: params.token };
  }
  return null;
}

function linkPostOf(pathname: string): TeamLinkKind | null {
  return KINDS.find((kind) => matchPath(TEAM_LINK_PATHS[kind], pathname) !== null) ?? null;
}
