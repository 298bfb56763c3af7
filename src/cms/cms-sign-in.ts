import { matchPath } from "../routes/match-path";
import { withErrorEdge } from "../routes/run-editor-route";
import { missingBinding } from "../shared/misconfigured";
import type { EditorRoute } from "../shared/route-types";
import type { ResolveEditor } from "../shared/session";
import { createSiteEditorResolver } from "../auth/resolve-editor";
import { sessionRoute, type SessionRouteOptions } from "../auth/session-route";
import { teamRoute } from "../auth/team-route";
import { teamLinkPageRoute } from "../auth/team-link-page";
import type { TeamLimits } from "../auth/team-limits";
import type { Mailer } from "../cores/notify/mailer";
import type { CmsEnv } from "./cms-routes";

/** People management of the built-in sign-in: where invite and reset links are mailed, and its limits. */
export interface CmsTeamOptions<Env> {
  /** Mails invite and reset links; default the forms' mailer. Without one, the Team panel shows the link to copy. */
  mailer?: (env: Env) => Mailer | undefined;
  limits?: Partial<TeamLimits>;
}

/**
 * The built-in sign-in over a site's `CmsEnv`: the session route, the team routes
 * (`/api/cms/editors`, admins only), the invite and reset pages (`/invite/<token>`, `/reset/<token>`),
 * and the resolver every editor route shares. Its bindings are optional in `CmsEnv` (a site with
 * its own auth has none), so they are checked per request: without `RATE_LIMIT` the session route
 * answers 503 saying so, and without `CMS_SESSION_SECRET` nobody is signed in (sign-in itself answers 503).
 *
 * @example
 * const { route, resolveEditor } = signInRoutes<Env>({ loginPath: "/login" });
 */
export function signInRoutes<Env extends CmsEnv>(options: SessionRouteOptions, team: CmsTeamOptions<Env> = {}): { route: EditorRoute<Env>; resolveEditor: ResolveEditor<Env> } {
  const path = options.path ?? "/api/cms/session";
  const session = sessionRoute(options);
  const resolver = createSiteEditorResolver({
    ...(options.now ? { now: options.now } : {}),
    ...(options.requireSecondFactor ? { requireSecondFactor: options.requireSecondFactor } : {}),
  });
  const resolveEditor: ResolveEditor<Env> = Object.assign((request: Request, env: Env) => resolver(request, authEnv(env)), {
    sessionStatement: (request: Request, env: Env, db: Pick<D1Database, "prepare">) => resolver.sessionStatement(request, authEnv(env), db),
  });
  const clock = options.now ? { now: options.now } : {};
  const limits = team.limits ? { limits: team.limits } : {};
  const people = teamRoute<Env>({ resolveEditor, ...clock, ...limits, ...(team.mailer ? { mailer: team.mailer } : {}) });
  const linkPages = teamLinkPageRoute<Env>({ ...clock, ...limits, ...(options.trustClientAddress ? { trustClientAddress: options.trustClientAddress } : {}) });
  return {
    route: withErrorEdge<Env>(async (request, env, ctx) => {
      const pathname = new URL(request.url).pathname;
      if (matchPath(path, pathname) === null && matchPath(`${path}/totp`, pathname) === null) return (await people(request, env, ctx)) ?? linkPages(request, env, ctx);
      // Attempts are counted there; without it sign-in would be unlimited.
      if (!env.RATE_LIMIT) throw missingBinding("RATE_LIMIT", "Durable Object namespace", "sign-in");
      // `PAGE_ROOM` too: a sign-out tells the rooms holding the session's sockets (`tellSessionRooms`).
      return session(request, { ...authEnv(env), RATE_LIMIT: env.RATE_LIMIT, ...(env.PAGE_ROOM ? { PAGE_ROOM: env.PAGE_ROOM } : {}) }, ctx);
    }),
    resolveEditor,
  };
}

function authEnv(env: CmsEnv): { DB: D1Database; CMS_SESSION_SECRET: string } {
  return { DB: env.DB, CMS_SESSION_SECRET: env.CMS_SESSION_SECRET ?? "" };
}
