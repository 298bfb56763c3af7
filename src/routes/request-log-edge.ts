import type { EditorRoute } from "../shared/route-types";
import { actionOf, logRequestWrite, openRequestLog, REQUEST_ID_HEADER, requestNotes, type LogSink } from "../shared/request-log";
import { isMutatingMethod } from "./guard";

/** What the request-log edge needs to know of the site. */
export interface RequestLogOptions {
  /** Where lines go; default the isolate's sink (console). */
  log?: LogSink | undefined;
  /** Collection slugs: a path `/api/cms/<slug>/<id>…` names that record. */
  collections?: readonly string[];
}

/**
 * The request-log edge around the CMS's composed routes: every answer carries `x-request-id` (the
 * request's `cf-ray`, else a generated id), and every write (any method but GET, HEAD and OPTIONS)
 * logs exactly one line: the action, the actor the guard or sign-in noted, the record (from the
 * path, or as the route noted it), the version the answer names (`ETag` or `versionId`), the
 * status and the duration. Paths the routes do not claim pass through untouched.
 *
 * @example
 * const route = withRequestLog(composeRoutes(...routes), { log: config.log, collections: ["pages"] });
 */
export function withRequestLog<Env>(route: EditorRoute<Env>, options: RequestLogOptions = {}): EditorRoute<Env> {
  const collections = new Set(options.collections ?? []);
  return async (request, env, ctx) => {
    const started = Date.now();
    const id = openRequestLog(request, options.log);
    const response = await route(request, env, ctx);
    if (!response) return undefined;
    if (isMutatingMethod(request.method)) {
      const { actor, record } = requestNotes(request);
      const version = record.version ?? (await versionOf(response));
      logRequestWrite(request, {
        action: actionOf(request),
        actor,
        ...recordOfPath(request, collections),
        ...record,
        ...(version === undefined ? {} : { version }),
        outcome: response.status,
        ms: Date.now() - started,
      });
    }
    return withRequestId(response, id);
  };
}

function withRequestId(response: Response, id: string): Response {
  // An upgrade's answer carries its socket; it goes back as it is.
  if (response.status === 101 || response.webSocket) return response;
  const out = new Response(response.body, response);
  out.headers.set(REQUEST_ID_HEADER, id);
  return out;
}

/** `/api/cms/<collection>/<id>…` names a record of a declared collection. */
function recordOfPath(request: Request, collections: ReadonlySet<string>): { collection?: string; id?: number } {
  const [api, cms, collection, id] = new URL(request.url).pathname.split("/").slice(1);
  if (api !== "api" || cms !== "cms" || collection === undefined || !collections.has(collection)) return {};
  const number = id !== undefined && /^\d{1,15}$/.test(id) ? Number(id) : undefined;
  return number === undefined ? { collection } : { collection, id: number };
}

/** The version a write's answer names: its `ETag` (`"v40"`), else a JSON body's `versionId`. */
async function versionOf(response: Response): Promise<number | undefined> {
  const etag = /^(?:W\/)?"v(\d+)"$/.exec(response.headers.get("etag") ?? "");
  if (etag) return Number(etag[1]);
  if (response.status >= 300 || !(response.headers.get("content-type") ?? "").includes("application/json")) return undefined;
  const body: unknown = await response.clone().json().catch(() => null);
  if (body === null || typeof body !== "object") return undefined;
  const direct = (body as { versionId?: unknown }).versionId;
  const scheduled = (body as { scheduled?: { versionId?: unknown } }).scheduled?.versionId;
  const found = typeof direct === "number" ? direct : scheduled;
  return typeof found === "number" && Number.isSafeInteger(found) ? found : undefined;
}
