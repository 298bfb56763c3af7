import { HttpError, isHttpError } from "../shared/errors";
import type { EditorRoute } from "../shared/route-types";
import { explainFailure } from "../cores/explain-failure";
import { positiveId, type IdName } from "../shared/write-input";
import { logRequestError } from "../shared/request-log";

const NOOP_CTX: ExecutionContext = {
  waitUntil() {},
  passThroughOnException() {},
  props: {},
} as unknown as ExecutionContext;

/**
 * Runs one handler for hosts with no handler composer: a no-op `ctx`, and a path fall-through
 * (`undefined`) becomes a JSON 404.
 *
 * @example
 * export const onRequest = (request, env) => runEditorRoute(pagesRoute(config), request, env);
 */
export async function runEditorRoute<Env>(route: EditorRoute<Env>, request: Request, env: Env): Promise<Response> {
  const response = await route(request, env, NOOP_CTX);
  return response ?? new HttpError(404, `no editor route for ${new URL(request.url).pathname}`, { code: "not_found" }).toResponse();
}

/**
 * The single edge of every route. Errors: an `HttpError` becomes its response; a deployment
 * mistake (a missing binding, secret or table) becomes a 503 naming its fix (`explainFailure`);
 * anything else is logged once (an `error` line with the request's id, `logRequestError`) and
 * becomes a 500 that reveals nothing. Caching: every answer that does
 * not set its own `Cache-Control` (public media files do) gets `private, no-store`, since editor
 * answers carry drafts, sessions and unpublished state that no shared cache or browser history may
 * keep.
 *
 * @example
 * export const myRoute = withErrorEdge(async (request, env) => { ... });
 */
export function withErrorEdge<Env>(route: EditorRoute<Env>): EditorRoute<Env> {
  return async (request, env, ctx) => {
    let response: Response | undefined;
    try {
      response = await route(request, env, ctx);
    } catch (caught) {
      const error = await explainFailure(env, caught);
      if (isHttpError(error)) response = error.toResponse();
      else {
        logRequestError(request, error);
        response = new HttpError(500, "internal error").toResponse();
      }
    }
    return response && uncachedByDefault(response);
  };
}

/** The cache policy of an editor answer that names none. */
export const EDITOR_CACHE_CONTROL = "private, no-store";

function uncachedByDefault(response: Response): Response {
  if (response.status === 101 || response.webSocket || response.headers.has("cache-control")) return response;
  const out = new Response(response.body, response);
  out.headers.set("cache-control", EDITOR_CACHE_CONTROL);
  return out;
}

/**
 * Throws 405 with an `Allow` header when `method` is not one of `allowed`.
 *
 * @example
 * assertMethod(request, ["GET", "POST"]);
 */
export function assertMethod(request: Request, allowed: readonly string[]): void {
  if (!allowed.includes(request.method)) {
    throw new HttpError(405, `method ${request.method} not allowed here; use ${allowed.join(", ")}`, {
      code: "method_not_allowed",
      headers: { allow: allowed.join(", ") },
    });
  }
}

/**
 * Parses a path id as a positive integer or throws 400 (the rule lives in `shared/write-input`).
 *
 * @example
 * const id = parseId(params.id); // "12" -> 12; "abc" -> 400
 */
export function parseId(raw: string | undefined, name: IdName = "id"): number {
  return positiveId(raw ?? "", name);
}
