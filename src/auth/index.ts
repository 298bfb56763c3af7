/*
 * "cms-toolkit/auth": sign-in for a site without its own. Editors live in the `editors` table
 * (`sql/core.sql`, Drizzle `editors` from "cms-toolkit/schema") with PBKDF2 password hashes; a signed,
 * HttpOnly session cookie carries who is signed in; `sessionRoute()` serves
 * `POST/GET/DELETE /api/cms/session`; `resolveSiteEditor` is the `resolveEditor` every editor
 * route takes. A site with its own auth skips all of this and passes its own `resolveEditor`.
 */
export type { AuthEnv } from "./auth-env";
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
export { resolveSiteEditor, createSiteEditorResolver, sessionFromPayload, isSessionLive, hasPublishRight } from "./resolve-editor";
export type { SiteEditorResolver, SiteEditorResolverOptions } from "./resolve-editor";
export { sessionRoute } from "./session-route";
export type { SessionRouteOptions } from "./session-route";
export { DEFAULT_SIGN_IN_LIMITS, openSignInAttempt } from "./rate-limit";
export type { SignInLimits, SignInAttempt } from "./rate-limit";
export { editorNames, findEditorByEmail } from "./editor-store";
export { createEditorSession, deleteEditorSession, findSessionEditor, revokeEditorSessions, sessionEditorOf, sessionEditorStatement } from "./session-store";
export type { SessionEditor } from "./session-store";
export type { EditorRecord } from "./editor-store";
export { secondFactorRoute } from "./second-factor-route";
export type { SecondFactorRouteDeps } from "./second-factor-route";
export { beginTotp, confirmTotp, hasSecondFactor, turnOffSecondFactor, useSecondFactor, RECOVERY_CODE_COUNT } from "./second-factor-store";
export type { SecondFactorDeps } from "./second-factor-store";
export { ACCOUNT_TOTP, TOTP_WINDOW_STEPS, base32Decode, base32Encode, matchTotp, otpauthUri, totpCode, totpStep } from "./totp";
export type { TotpAlgorithm, TotpParameters } from "./totp";
export { createAccessResolver, teamIssuer, ACCESS_JWT_HEADER } from "./access-resolver";
export type { AccessResolverOptions } from "./access-resolver";
