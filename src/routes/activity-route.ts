import { listActivity, parseActivityQuery } from "../cores/activity";
import type { EditorRoute, EditorRouteEnv } from "../shared/route-types";
import type { ResolveEditor } from "../shared/session";
import { guardEditor } from "./guard";
import { json } from "./json";
import { matchPath } from "./match-path";
import { assertMethod, withErrorEdge } from "./run-editor-route";

export interface ActivityRouteConfig<Env extends EditorRouteEnv = EditorRouteEnv> {
  resolveEditor: ResolveEditor<Env>;
  /** Default `/api/cms/activity`. */
  path?: string;
}

/**
 * The activity log, for publishers and admins (an editor is refused, 403 `forbidden_publish`):
 * `GET /api/cms/activity` answers `{ items, next }` newest first, paged by `cursor` (a previous
 * page's `next`) and `limit` (default 50, at most 200), filtered by `actor` (an editor id),
 * `record` (`<collection>:<id>` or the id) and `kind`. A malformed parameter is a 400 naming it.
 * Never cached.
 *
 * @example
 * const route = activityRoute<SiteEnv>({ resolveEditor });
 */
export function activityRoute<Env extends EditorRouteEnv>(config: ActivityRouteConfig<Env>): EditorRoute<Env> {
  const path = config.path ?? "/api/cms/activity";
  return withErrorEdge<Env>(async (request, env) => {
    const url = new URL(request.url);
    if (!matchPath(path, url.pathname)) return undefined;
    assertMethod(request, ["GET"]);
    await guardEditor(request, env, config.resolveEditor, { publish: true });
    const page = await listActivity(env.DB, parseActivityQuery(url.searchParams));
    return json(page, { headers: { "cache-control": "private, no-store" } });
  });
}
