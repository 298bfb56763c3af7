import { assertSameOrigin } from "../routes/guard";
import { json, noContent } from "../routes/json";
import { matchPath } from "../routes/match-path";
import { assertMethod, withErrorEdge } from "../routes/run-editor-route";
import { HttpError, isHttpError } from "../shared/errors";
import { logMisconfiguredOnce, NoEditorAccountsError } from "../shared/misconfigured";
import { noteActor } from "../shared/request-log";
import { UNKNOWN_ACCOUNT } from "../shared/activity";
import { noteActivity, noteActivityActor } from "../shared/request-activity";
import type { EditorRoute } from "../shared/route-types";
import type { AuthEnv } from "./auth-env";
import { findEditorByEmail, hasEditors } from "./editor-store";
import { verifyPassword } from "./password";
import { createDurableObjectLimiter, type RateLimiterFactory } from "../cores/rate-limit";
import { clientAddress, type ClientAddressTrust } from "../routes/client-address";
import { DEFAULT_SIGN_IN_LIMITS, openSignInAttempt, type SignInLimits } from "./rate-limit";
import { createSiteEditorResolver } from "./resolve-editor";
import { secondFactorRoute } from "./second-factor-route";
import { hasSecondFactor, useSecondFactor } from "./second-factor-store";
import { assertSessionSecret, clearSessionCookieHeader, readSessionCookie, verifySession, type EditorRole } from "./session-cookie";
import { tellSessionRooms } from "./session-rooms";
import { deleteEditorSession } from "./session-store";
import { startSession } from "./start-session";
import { isFormPost, readSignInInput, safeNextPath } from "./sign-in-input";

export interface SessionRouteOptions {
  /** Mount point; default `/api/cms/session`. */
  path?: string;
  /** Clock in milliseconds; default `Date.now`. Tests move it to expire cookies and slide the rate-limit window. */
  now?: () => number;
  /** Sign-in limits; default `DEFAULT_SIGN_IN_LIMITS` (5 per account and address, 20 per address, 15 minutes). */
  limits?: Partial<SignInLimits>;
  /** Where the limits are counted; default one `RateLimitObject` per key on `env.RATE_LIMIT` (atomic). */
  limiters?: (env: AuthEnv, now: () => number) => RateLimiterFactory;
  /** Where a failed form sign-in is sent; default `/login`. */
  loginPath?: string;
  /** When `CF-Connecting-IP` is believed for the per-address limits; default `"edge"`: only on Cloudflare's edge. */
  trustClientAddress?: ClientAddressTrust;
  /**
   * Roles that must use a second factor (TOTP), e.g. `["admin"]`; default none. Such an account
   * without one is signed in but refused everywhere (403 `second_factor_required`) until it turns
   * one on at `<path>/totp`.
   */
  requireSecondFactor?: readonly EditorRole[];
}

/** Same message for an unknown email and a wrong password, so the answer does not reveal accounts. */
const BAD_CREDENTIALS = "wrong email or password";

/*
 * Verified when the email is unknown, so that answer costs one PBKDF2 like a wrong password does and
 * its timing does not reveal which emails have accounts. No password derives 32 zero bytes.
 */
const DUMMY_HASH = `pbkdf2-sha256$100000$${"A".repeat(22)}==$${"A".repeat(43)}=`;

const NO_STORE = { "cache-control": "private, no-store" };

/**
 * Sign-in for the reference site at `/api/cms/session`:
 * `POST { email, password, code? }` (JSON → 204 + cookie; an HTML form → 303 to its `next` or to
 * `/login?error=…`), `GET` → `{ email, name, roles }` or 401, `DELETE` → 204 ending the session
 * (its D1 row, so a copied cookie stops working too) and clearing the cookie. An account with a
 * second factor on also sends `code` (its authenticator's current code or a recovery code); its
 * own factor is managed at `<path>/totp` (second-factor-route.ts).
 * POST and DELETE are same-origin checked; sign-in attempts are rate limited per client address and
 * per account and address (see rate-limit.ts), atomically in `env.RATE_LIMIT`.
 *
 * @example
 * const api = composeRoutes(sessionRoute(), pagesRoute({ table: pages, resolveEditor: resolveSiteEditor }));
 */
export function sessionRoute(options: SessionRouteOptions = {}): EditorRoute<AuthEnv> {
  const path = options.path ?? "/api/cms/session";
  const loginPath = options.loginPath ?? "/login";
  const now = options.now ?? Date.now;
  const limits: SignInLimits = { ...DEFAULT_SIGN_IN_LIMITS, ...options.limits };
  const requireSecondFactor = options.requireSecondFactor ?? [];
  const resolveEditor = createSiteEditorResolver({ now, requireSecondFactor });
  const limiters = options.limiters ?? durableObjectLimiters;
  const totp = secondFactorRoute({ resolveEditor, now, limits, limiters, requireSecondFactor, trustClientAddress: options.trustClientAddress });

  return withErrorEdge<AuthEnv>(async (request, env) => {
    const pathname = new URL(request.url).pathname;
    if (matchPath(`${path}/totp`, pathname) !== null) return totp(request, env);
    if (matchPath(path, pathname) === null) return undefined;
    assertMethod(request, ["GET", "POST", "DELETE"]);

    if (request.method === "GET") {
      assertSessionSecret(env.CMS_SESSION_SECRET);
      const session = await resolveEditor(request, env);
      if (!session) throw new HttpError(401, "not signed in", { code: "unauthenticated", headers: NO_STORE });
      return json({ email: session.email, name: session.name, roles: session.roles }, { headers: NO_STORE });
    }

    // Both writes are CSRF-checked: a forged POST could sign the victim into the attacker's account
    // (login CSRF), a forged DELETE could sign them out.
    assertSameOrigin(request);
    if (request.method === "DELETE") {
      // Ending the server-side session is what signs out: a copy of the cookie stops working too.
      const value = readSessionCookie(request);
      const payload = value === null ? null : await verifySession(value, env.CMS_SESSION_SECRET, now());
      if (payload) {
        noteActor(request, payload.email);
        await deleteEditorSession(env.DB, payload.sid);
        // The rooms this sign-in has open close its sockets now, not at their next recheck.
        await tellSessionRooms(env, { sessionIds: [payload.sid] }, { ended: true, request });
      }
      return noContent({ "set-cookie": clearSessionCookieHeader(request), ...NO_STORE });
    }

    assertSessionSecret(env.CMS_SESSION_SECRET);
    const form = isFormPost(request);
    try {
      const ip = clientAddress(request, options.trustClientAddress);
      const { cookie, next } = await signIn(request, env, now, limits, limiters(env, now), ip);
      if (form) return redirect(safeNextPath(next, request), { "set-cookie": cookie });
      return noContent({ "set-cookie": cookie, ...NO_STORE });
    } catch (error) {
      if (form && error instanceof NoEditorAccountsError) {
        logMisconfiguredOnce(error);
        return redirect(`${loginPath}?error=no_editors`, {});
      }
      if (!form || !isHttpError(error) || ![401, 422, 429].includes(error.status)) throw error;
      if (error.code === "second_factor_needed") return redirect(`${loginPath}?error=code`, {});
      // A no-JavaScript form cannot show a JSON error; the login page reads `error` instead.
      if (error.status === 429) {
        return redirect(`${loginPath}?error=rate_limited`, { "retry-after": String(error.details.retryAfter) });
      }
      return redirect(`${loginPath}?error=1`, {});
    }
  });
}

function durableObjectLimiters(env: AuthEnv, now: () => number): RateLimiterFactory {
  return (spec) => createDurableObjectLimiter({ namespace: env.RATE_LIMIT, now, ...spec });
}

async function signIn(
  request: Request,
  env: AuthEnv,
  now: () => number,
  limits: SignInLimits,
  limiters: RateLimiterFactory,
  ip: string,
): Promise<{ cookie: string; next: string | null }> {
  const { input, next } = await readSignInInput(request);
  noteActor(request, input.email);
  const attempt = await openSignInAttempt(limiters, { email: input.email, ip }, limits);
  if (attempt.retryAfterSeconds !== null) {
    // No password check while limited: the guesser learns nothing, not even from timing.
    const retryAfter = attempt.retryAfterSeconds;
    throw new HttpError(429, `too many failed sign-ins; try again in ${retryAfter} seconds`, {
      code: "rate_limited",
      details: { retryAfter },
      headers: { "retry-after": String(retryAfter) },
    });
  }

  const editor = await findEditorByEmail(env.DB, input.email);
  const valid = await verifyPassword(input.password, editor?.passwordHash ?? DUMMY_HASH);
  if (!editor || !valid) {
    if (!editor && !(await hasEditors(env.DB))) throw new NoEditorAccountsError();
    // An address that matches no account is not kept: it may be a password typed in the wrong box.
    noteActivityActor(request, editor ? { id: String(editor.id), name: editor.name } : { id: null, name: UNKNOWN_ACCOUNT });
    noteActivity(request, { kind: "signin.failed" });
    // The attempt was counted before the check; nothing more to record.
    throw new HttpError(401, BAD_CREDENTIALS, { code: "invalid_credentials" });
  }
  if (await hasSecondFactor(env.DB, editor.id)) {
    // The password was right, but the attempt stays counted until the code is right too.
    const code = input.code === undefined ? null : await useSecondFactor({ db: env.DB, editorId: editor.id, sessionSecret: env.CMS_SESSION_SECRET }, input.code, now());
    if (code === null) {
      throw new HttpError(401, "this account also needs the code from its authenticator app (or one of its recovery codes)", { code: "second_factor_needed" });
    }
  }
  await attempt.recordSuccess().catch((error: unknown) => console.error("could not reset sign-in failures", error));

  noteActivityActor(request, { id: String(editor.id), name: editor.name });
  noteActivity(request, { kind: "signin" });
  return { cookie: await startSession(request, env, editor, now()), next };
}

function redirect(location: string, headers: Record<string, string>): Response {
  return new Response(null, { status: 303, headers: { location, ...headers, ...NO_STORE } });
}
