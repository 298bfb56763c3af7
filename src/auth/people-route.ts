import { guardEditor } from "../routes/guard";
import { json } from "../routes/json";
import { matchPath } from "../routes/match-path";
import { assertMethod, withErrorEdge } from "../routes/run-editor-route";
import type { EditorRoute, EditorRouteEnv } from "../shared/route-types";
import type { ResolveEditor } from "../shared/session";

export interface PeopleRouteOptions<Env> {
  resolveEditor: ResolveEditor<Env>;
  /** Mount point; default `/api/cms/people`. */
  path?: string;
}

/**
 * `GET /api/cms/people`: the team as any signed-in editor may see it, to mention someone in a
 * comment: `{ people: [{ id, name, email }] }`, by name. Nothing about roles, scopes or sign-ins
 * (the admin's `/api/cms/editors` has those).
 *
 * @example
 * const route = peopleRoute({ resolveEditor });
 */
export function peopleRoute<Env extends EditorRouteEnv>(options: PeopleRouteOptions<Env>): EditorRoute<Env> {
  const path = options.path ?? "/api/cms/people";
  return withErrorEdge<Env>(async (request, env) => {
    if (!matchPath(path, new URL(request.url).pathname)) return undefined;
    assertMethod(request, ["GET"]);
    await guardEditor(request, env, options.resolveEditor);
    const { results } = await env.DB.prepare("SELECT id, name, email FROM editors ORDER BY name COLLATE NOCASE, id").all<{ id: number; name: string; email: string }>();
    return json({ people: results });
  });
}
