/*
 * "cms-toolkit/auth": sign-in for a site without its own. Editors live in the `editors` table
 * (`sql/core.sql`, Drizzle `editors` from "cms-toolkit/schema") with PBKDF2 password hashes; a signed,
 * HttpOnly session cookie carries who is signed in; `sessionRoute()` serves
 * `POST/GET/DELETE /api/cms/session`; `resolveSiteEditor` is the `resolveEditor` every editor
 * route takes. A site with its own auth skips all of this and passes its own `resolveEditor`.
 */
export type { AuthEnv } from "./site/auth/auth-env";
export { hashPassword, verifyPassword, constantTimeEqual, PASSWORD_HASH_SCHEME, PBKDF2_ITERATIONS } from "./site/auth/password";
export type { HashPasswordOptions } from "./site/auth/password";
export {
  SESSION_COOKIE_NAME,
  SESSION_LIFETIME_SECONDS,
  MIN_SESSION_SECRET_LENGTH,
  assertSessionSecret,
  signSession,
  verifySession,
  readSessionCookie,
  sessionCookieHeader,
  clearSessionCookieHeader,
} from "./site/auth/session-cookie";
export type { EditorRole, SessionPayload } from "./site/auth/session-cookie";
export { resolveSiteEditor, createSiteEditorResolver, sessionFromPayload } from "./site/auth/resolve-editor";
export type { SiteEditorResolverOptions } from "./site/auth/resolve-editor";
export { sessionRoute } from "./site/auth/session-route";
export type { SessionRouteOptions } from "./site/auth/session-route";
export { DEFAULT_SIGN_IN_LIMITS, openSignInAttempt } from "./site/auth/rate-limit";
export type { SignInLimits, SignInAttempt } from "./site/auth/rate-limit";
export { findEditorByEmail } from "./site/auth/editor-store";
export type { EditorRecord } from "./site/auth/editor-store";
