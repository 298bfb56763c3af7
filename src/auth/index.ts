/*
 * "cms-toolkit/auth": sign-in for a site without its own. Editors live in the `editors` table
 * (`sql/core.sql`, Drizzle `editors` from "cms-toolkit/schema") with PBKDF2 password hashes; a signed,
 * HttpOnly session cookie carries who is signed in; `sessionRoute()` serves
 * `POST/GET/DELETE /api/cms/session`; `resolveSiteEditor` is the `resolveEditor` every editor
 * route takes; `teamRoute()` lets admins manage accounts at `/api/cms/editors`, and
 * `teamLinkPageRoute()` serves the invite and reset pages. A site with its own auth skips all of this and passes its own `resolveEditor`.
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
export { tellSessionRooms } from "./session-rooms";
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
export { teamRoute } from "./team-route";
export { peopleRoute } from "./people-route";
export type { PeopleRouteOptions } from "./people-route";
export type { TeamRouteOptions, TeamLinkAnswer } from "./team-route";
export { teamLinkPageRoute } from "./team-link-page";
export type { TeamLinkPageOptions } from "./team-link-page";
export { DEFAULT_TEAM_LIMITS, TEAM_LINK_PATHS } from "./team-limits";
export type { TeamEnv, TeamLimits } from "./team-limits";
export { TEAM_LINK_LIFETIME_SECONDS } from "./team-links";
export type { TeamMember, PendingInvite } from "./team-store";
export { assertNewPassword, isCommonPassword, MIN_NEW_PASSWORD_LENGTH } from "./password-policy";
