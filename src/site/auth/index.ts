/* Sign-in for the reference site: password hashes, the signed session cookie, the session route and `resolveEditor`. */
export { hashPassword, verifyPassword, constantTimeEqual, PASSWORD_HASH_SCHEME, PBKDF2_ITERATIONS } from "./password";
export type { HashPasswordOptions } from "./password";
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
} from "./session-cookie";
export type { EditorRole, SessionPayload } from "./session-cookie";
export { resolveSiteEditor, createSiteEditorResolver, sessionFromPayload } from "./resolve-editor";
export type { SiteEditorResolverOptions } from "./resolve-editor";
export { sessionRoute } from "./session-route";
export type { SessionRouteOptions } from "./session-route";
export { DEFAULT_SIGN_IN_LIMITS, openSignInAttempt } from "./rate-limit";
export type { SignInLimits, SignInAttempt } from "./rate-limit";
export { editorNames, findEditorByEmail } from "./editor-store";
export type { EditorRecord } from "./editor-store";
