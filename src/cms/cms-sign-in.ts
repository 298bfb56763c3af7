import { matchPath } from "../routes/match-path";
import { withErrorEdge } from "../routes/run-editor-route";
import { missingBinding } from "../shared/misconfigured";
import type { EditorRoute } from "../shared/route-types";
import type { ResolveEditor } from "../shared/session";
import { createSiteEditorResolver } from "../auth/resolve-editor";
import { sessionRoute, type SessionRouteOptions } from "../auth/session-route";
import type { CmsEnv } from "./cms-routes";

/**
 * The built-in sign-in over a site's `CmsEnv`: the session route, and the resolver every editor
 * route shares. Its bindings are optional in `CmsEnv` (a site with its own auth has none), so they
 * are checked per request: without `RATE_LIMIT` the session route answers 503 saying so, and
 * without `CMS_SESSION_SECRET` nobody is signed in (sign-in itself answers 503).
 *
 * @example
 * const { route, resolveEditor } = signInRoutes<Env>({ loginPath: "/login" });
 */
export function signInRoutes<Env extends CmsEnv>(options: SessionRouteOptions): { route: EditorRoute<Env>; resolveEditor: ResolveEditor<Env> } {
  const path = options.path ?? "/api/cms/session";
  const session = sessionRoute(options);
  const resolver = createSiteEditorResolver({
    ...(options.now ? { now: options.now } : {}),
    ...(options.requireSecondFactor ? { requireSecondFactor: options.requireSecondFactor } : {}),
  });
  return {
    route: withErrorEdge<Env>((request, env, ctx) => {
      const pathname = new URL(request.url).pathname;
      if (matchPath(path, pathname) === null && matchPath(`${path}/totp`, pathname) === null) return undefined;
      // Attempts are counted there; without it sign-in would be unlimited.
      if (!env.RATE_LIMIT) throw missingBinding("RATE_LIMIT", "Durable Object namespace", "sign-in");
      return session(request, { ...authEnv(env), RATE_LIMIT: env.RATE_LIMIT }, ctx);
    }),
    resolveEditor: Object.assign((request: Request, env: Env) => resolver(request, authEnv(env)), {
      sessionStatement: (request: Request, env: Env, db: Pick<D1Database, "prepare">) => resolver.sessionStatement(request, authEnv(env), db),
    }),
  };
}

function authEnv(env: CmsEnv): { DB: D1Database; CMS_SESSION_SECRET: string } {
  return { DB: env.DB, CMS_SESSION_SECRET: env.CMS_SESSION_SECRET ?? "" };
}
