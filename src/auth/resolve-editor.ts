import { isScoped, storedAccessScope, type AccessScope } from "../shared/access-scope";
import type { EditorSession, ResolveEditor, SessionStatement } from "../shared/session";
import type { AuthEnv } from "./auth-env";
import { EDITOR_ROLES, isEditorRole, readSessionCookie, type EditorRole, verifySession, type SessionPayload } from "./session-cookie";
import { findSessionEditor, findSessionEditors, noteEditorActive, sessionEditorOf, sessionEditorStatement, type SessionEditor } from "./session-store";

/*
 * Resolving a session is one HMAC verify (a forged or tampered cookie stops there, without storage)
 * and one indexed D1 read of the session row joined to its editor. That read is what makes sign-out,
 * editor removal and role changes take effect on the next request instead of when the cookie
 * expires. Editor reads do not pay a round trip of their own for it: the resolver also offers the
 * read as a statement (`sessionStatement`), which `guardEditorRead` sends to D1 in one batch with
 * the route's first query.
 */

export interface SiteEditorResolverOptions {
  /** Clock in milliseconds; default `Date.now`. Tests move it to expire cookies. */
  now?: () => number;
  /**
   * Roles that must have a second factor (TOTP) on, e.g. `["admin"]`; default none. An account of
   * such a role without one is resolved with `secondFactorMissing`: signed in, but refused
   * everywhere (403 `second_factor_required`) until it turns one on.
   */
  requireSecondFactor?: readonly EditorRole[];
}

type Env = Pick<AuthEnv, "CMS_SESSION_SECRET" | "DB">;

/** The built-in resolver: a `ResolveEditor` that always offers its check as a statement. */
export type SiteEditorResolver = ResolveEditor<Env> & Required<Pick<ResolveEditor<Env>, "sessionStatement">>;

/**
 * Builds the reference site's `resolveEditor` over the session cookie. It also offers the session
 * check as one statement (`sessionStatement`), so editor reads send it with their own first query.
 *
 * @example
 * const resolveEditor = createSiteEditorResolver({ now: () => fixedTime });
 */
export function createSiteEditorResolver(options: SiteEditorResolverOptions = {}): SiteEditorResolver {
  const now = options.now ?? Date.now;
  const required = options.requireSecondFactor ?? [];
  const sessionOf = (payload: SessionPayload, editor: SessionEditor | null) => withSecondFactor(storedSessionOf(payload, editor), editor, required);
  // The cookie's HMAC, checked before any storage is touched.
  const verified = async (request: Request, env: Env): Promise<{ payload: SessionPayload; seconds: number } | null> => {
    const value = readSessionCookie(request);
    if (value === null) return null;
    const at = now();
    const payload = await verifySession(value, env.CMS_SESSION_SECRET, at);
    return payload ? { payload, seconds: Math.floor(at / 1000) } : null;
  };
  const resolve = async (request: Request, env: Env): Promise<EditorSession | null> => {
    const cookie = await verified(request, env);
    if (!cookie) return null;
    const editor = await findSessionEditor(env.DB, cookie.payload.sid, Number(cookie.payload.sub), cookie.seconds);
    // Reads batched through `sessionStatement` skip this: a write there would cost the round trip the batch saves.
    if (editor) await noteEditorActive(env.DB, editor, now());
    return sessionOf(cookie.payload, editor);
  };
  const sessionStatement = async (request: Request, env: Env, db: Pick<D1Database, "prepare">): Promise<SessionStatement | null> => {
    const cookie = await verified(request, env);
    if (!cookie) return null;
    const { payload, seconds } = cookie;
    return {
      statement: sessionEditorStatement(db, payload.sid, Number(payload.sub), seconds),
      editor: (row) => sessionOf(payload, sessionEditorOf(row)),
    };
  };
  return Object.assign(resolve, { sessionStatement });
}

/* The stored row wins over the cookie: a renamed editor, a changed role or scope shows at once. */
function storedSessionOf(payload: SessionPayload, editor: SessionEditor | null): EditorSession | null {
  if (!editor) return null;
  const session = sessionFromPayload({ ...payload, email: editor.email, name: editor.name, role: editor.role });
  return Object.keys(editor.scope).length > 0 ? { ...session, access: { ...session.access, scope: editor.scope } } : session;
}

/* Read from the row on every request, so turning a factor on (or off) counts at once. */
function withSecondFactor(session: EditorSession | null, editor: SessionEditor | null, required: readonly EditorRole[]): EditorSession | null {
  if (!session || !editor || editor.secondFactor || !required.includes(editor.role)) return session;
  return { ...session, secondFactorMissing: true };
}

/**
 * The reference site's `resolveEditor`: the editor signed in by the `cms_session` cookie whose
 * session row still exists, or `null`.
 * A missing or too-short `CMS_SESSION_SECRET` resolves nobody (sign-in itself answers 503).
 *
 * @example
 * pagesRoute({ table: pages, resolveEditor: resolveSiteEditor });
 */
export const resolveSiteEditor: SiteEditorResolver = createSiteEditorResolver();

/**
 * Maps a verified cookie payload to the library's `EditorSession`. The roles nest: every account has
 * role `editor`; a publisher also `publisher` and `access.publish`; an admin all three and
 * `access.admin`.
 *
 * @example
 * sessionFromPayload(payload).access.publish // true for a publisher or an admin
 */
export function sessionFromPayload(payload: SessionPayload): EditorSession {
  const roles = EDITOR_ROLES.slice(0, EDITOR_ROLES.indexOf(payload.role) + 1);
  const publish = roles.includes("publisher");
  const admin = roles.includes("admin");
  return {
    id: payload.sub,
    email: payload.email,
    name: payload.name,
    roles: [...roles],
    access: admin ? { publish, admin } : { publish },
    sessionId: payload.sid,
    // The cookie and its session row end together (`startSession` gives both `exp`).
    ...(payload.exp > 0 ? { sessionExpiresAt: payload.exp * 1000 } : {}),
  };
}

/**
 * Whether a session resolved earlier still stands: its row exists and is unexpired, its editor
 * exists, and their role and scope are unchanged. One D1 read. A live room confirms its open
 * sockets' sessions every few seconds ({@link sessionStandings}, one read for all of them) and
 * closes a socket whose session no longer stands (sign-out, removal, a change of role or scope:
 * the editor's next connection is admitted under the new ones).
 *
 * @example
 * if (!(await isSessionLive(env, session))) socket.close(4401, "signed out");
 */
export async function isSessionLive(env: Pick<AuthEnv, "DB">, session: EditorSession, nowMs = Date.now()): Promise<boolean> {
  return (await sessionStanding(env, session, nowMs)) === "live";
}

/** How a session resolved earlier stands now: `ended` (signed out, expired, removed) or `changed` (its role or scope changed). */
export type SessionStanding = "live" | "ended" | "changed";

/**
 * {@link isSessionLive} that tells why not: `ended` (signed out, expired, removed) or `changed`
 * (the same sign-in, but its role or scope changed: reconnecting admits it under the new ones).
 * The room closes the two with different codes, so the editor is told which.
 *
 * @example
 * await sessionStanding(env, session) // "changed" after an admin narrowed the account's scope
 */
export async function sessionStanding(env: Pick<AuthEnv, "DB">, session: EditorSession, nowMs = Date.now()): Promise<SessionStanding> {
  const [standing] = await sessionStandings(env, [session], nowMs);
  return standing ?? "ended";
}

/**
 * {@link sessionStanding} of many sessions in one D1 read, in their order (the same sign-in may
 * appear more than once: each is compared with its own resolved access). A room confirms every
 * connection it holds with this once per `sessionRecheckMs`, so its D1 reads do not grow with its
 * crowd.
 *
 * @example
 * const [a, b] = await sessionStandings(env, [first.editor, second.editor]); // ["live", "ended"]
 */
export async function sessionStandings(env: Pick<AuthEnv, "DB">, sessions: readonly EditorSession[], nowMs = Date.now()): Promise<SessionStanding[]> {
  const sids = sessions.flatMap((session) => (typeof session.sessionId === "string" ? [session.sessionId] : []));
  const editors = await findSessionEditors(env.DB, sids, Math.floor(nowMs / 1000));
  return sessions.map((session) => standingOf(session, typeof session.sessionId === "string" ? (editors.get(session.sessionId) ?? null) : null));
}

/* A session stands while its stored editor is the one it was resolved as, with the same role and scope. */
function standingOf(session: EditorSession, editor: SessionEditor | null): SessionStanding {
  if (typeof session.sessionId !== "string" || editor === null || String(editor.id) !== session.id) return "ended";
  const now = sessionFromPayload({ sub: session.id, sid: session.sessionId, email: editor.email, name: editor.name, role: editor.role, iat: 0, exp: 0 });
  const same = now.access.publish === session.access.publish && (now.access.admin === true) === (session.access.admin === true) && sameScope(editor.scope, session.access.scope ?? {});
  return same ? "live" : "changed";
}

/**
 * Whether an editor holds the publish right now, whatever their sessions: their editor row still
 * exists with the publisher or admin role. A scheduled publish asks this when it fires, so a publisher who
 * was demoted or removed after scheduling does not publish (signing out alone does not cancel it).
 *
 * @example
 * if (!(await hasPublishRight(env, schedule.session))) cancel();
 */
export async function hasPublishRight(env: Pick<AuthEnv, "DB">, session: Pick<EditorSession, "id">): Promise<boolean> {
  return (await currentAccess(env, session))?.publish === true;
}

/**
 * An editor's access as their row holds it now (role and scope), whatever their sessions; `null`
 * when the row is gone. A scheduled publish reads it when it fires: the scheduler must still
 * publish, and the page must still be within their scope.
 *
 * @example
 * const access = await currentAccess(env, schedule.session); // { publish: true, scope: { paths: ["/blog-"] } }
 */
export async function currentAccess(env: Pick<AuthEnv, "DB">, session: Pick<EditorSession, "id">): Promise<EditorSession["access"] | null> {
  if (!/^[1-9][0-9]{0,15}$/.test(session.id)) return null;
  const row = await env.DB.prepare("SELECT role, scopes FROM editors WHERE id = ?1").bind(Number(session.id)).first<{ role: string; scopes: string }>();
  if (!row || !isEditorRole(row.role)) return null;
  const roles = EDITOR_ROLES.slice(0, EDITOR_ROLES.indexOf(row.role) + 1);
  const scope = storedAccessScope(row.scopes);
  return { publish: roles.includes("publisher"), ...(roles.includes("admin") ? { admin: true } : {}), ...(isScoped(scope) ? { scope } : {}) };
}

function sameScope(a: AccessScope, b: AccessScope): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
