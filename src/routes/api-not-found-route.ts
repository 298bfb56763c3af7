import { HttpError } from "../shared/errors";
import type { EditorRoute } from "../shared/route-types";
import { withErrorEdge } from "./run-editor-route";

/**
 * The last route under the CMS's API prefix: a path there that no route claims is a 404 JSON
 * answer from the CMS itself (`not_found`, `Cache-Control: private, no-store` from the error edge),
 * not whatever the site answers for an unknown page, which a shared cache might keep.
 *
 * @example
 * composeRoutes(...apiRoutes, apiNotFoundRoute("/api/cms"));
 */
export function apiNotFoundRoute<Env>(prefix: string): EditorRoute<Env> {
  const base = prefix.replace(/\/+$/, "");
  return withErrorEdge<Env>(async (request) => {
    const { pathname } = new URL(request.url);
    if (pathname !== base && !pathname.startsWith(`${base}/`)) return undefined;
    throw new HttpError(404, `no CMS endpoint at ${pathname}`, { code: "not_found" });
  });
}
