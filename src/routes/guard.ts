import { HttpError } from "../shared/errors";
import { assertPublisher } from "../shared/publish-privilege";
import { assertSecondFactor } from "../shared/second-factor";
import { noteActor } from "../shared/request-log";
import { noteActivityActor } from "../shared/request-activity";
import type { EditorSession, ResolveEditor } from "../shared/session";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * True for methods that change state and therefore need the same-origin (CSRF) check.
 *
 * @example
 * isMutatingMethod("PATCH") // true
 * isMutatingMethod("GET") // false
 */
export function isMutatingMethod(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase());
}

/**
 * Proves a request came from a page of this site. `Origin` decides when present (browsers send it on
 * every cross-origin request and on same-origin non-GET requests); without it, `Sec-Fetch-Site` must say
 * `same-origin`. When neither proves it, the answer is no: a missing header is not a pass.
 *
 * @example
 * isSameOriginRequest(request) // false for Origin: https://evil.test on https://site.test
 */
export function isSameOriginRequest(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (origin !== null) {
    return origin !== "null" && origin === new URL(request.url).origin;
  }
  return request.headers.get("sec-fetch-site") === "same-origin";
}

/**
 * Throws 403 unless `request` is provably same-origin.
 *
 * @example
 * assertSameOrigin(request); // before a public form capture
 */
export function assertSameOrigin(request: Request): void {
  if (!isSameOriginRequest(request)) {
    throw new HttpError(403, "cross-origin request refused: the Origin (or Sec-Fetch-Site) header must show this site", {
      code: "cross_origin",
    });
  }
}

/** What an editor route requires beyond a session. */
export interface EditorNeeds {
  /** Needs `access.publish` (403 without it). */
  publish?: boolean;
  /**
   * Status when there is no session: 401 by default; 403 where a contract says so (SPEC gives the
   * inline save and the upload endpoint a 403 for a non-editor).
   */
  noSessionStatus?: 401 | 403;
}

/**
 * Resolves the editor behind `request` or throws: 401 (or `noSessionStatus`) when there is none,
 * 403 when a mutating request is not same-origin. Reads skip the origin check.
 *
 * @example
 * const session = await requireEditor(request, env, config.resolveEditor);
 */
export async function requireEditor<Env>(
  request: Request,
  env: Env,
  resolveEditor: ResolveEditor<Env>,
  need: Pick<EditorNeeds, "noSessionStatus"> = {},
): Promise<EditorSession> {
  return admitEditor(request, await resolveEditor(request, env), { noSessionStatus: need.noSessionStatus });
}

/**
 * The guard every editor handler calls first; `requireEditor` plus an optional publish privilege check.
 *
 * @example
 * const session = await guardEditor(request, env, resolveEditor, { publish: true });
 */
export async function guardEditor<Env>(
  request: Request,
  env: Env,
  resolveEditor: ResolveEditor<Env>,
  need: EditorNeeds = {},
): Promise<EditorSession> {
  return admitEditor(request, await resolveEditor(request, env), need);
}

/**
 * The one admission rule of editor requests, whichever way the session was resolved (alone, or in
 * one D1 batch with a read): no session → 401 (or `noSessionStatus`); a session that must first
 * turn on a second factor → 403; a mutating request that is not same-origin → 403; `publish`
 * without `access.publish` → 403.
 *
 * @example
 * const session = admitEditor(request, await resolveEditor(request, env), { publish: true });
 */
export function admitEditor(request: Request, session: EditorSession | null, need: EditorNeeds = {}): EditorSession {
  if (!session) throw noEditorError(need);
  noteActor(request, session.email);
  assertSecondFactor(session);
  noteActivityActor(request, { id: session.id, name: session.name });
  if (isMutatingMethod(request.method)) assertSameOrigin(request);
  if (need.publish) assertPublisher(session);
  return session;
}

/**
 * The refusal of a request that carries no editor session: 401 `unauthenticated`, or 403 where
 * the contract says so (`noSessionStatus`).
 *
 * @example
 * throw noEditorError({ noSessionStatus: 403 });
 */
export function noEditorError(need: Pick<EditorNeeds, "noSessionStatus"> = {}): HttpError {
  const status = need.noSessionStatus ?? 401;
  return new HttpError(status, "sign in as an editor to use this endpoint", { code: status === 401 ? "unauthenticated" : "forbidden" });
}
