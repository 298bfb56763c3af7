import type { EditorRoute } from "../shared/route-types";

/**
 * Tries routes in order and answers with the first response; `undefined` when none claims the path.
 * Order matters: mount `versionsRoute` and `searchRoute` before `pagesRoute`.
 *
 * @example
 * const api = composeRoutes(versionsRoute(v), searchRoute(s), pagesRoute(p));
 */
export function composeRoutes<Env>(...routes: EditorRoute<Env>[]): EditorRoute<Env> {
  return async (request, env, ctx) => {
    for (const route of routes) {
      const response = await route(request, env, ctx);
      if (response) return response;
    }
    return undefined;
  };
}
