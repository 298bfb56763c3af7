import { recordActivity } from "../cores/activity";
import type { ActivityTarget } from "../cores/drafts";
import { logRequestError, requestIdOf } from "../shared/request-log";
import { activityNoterOf, requestActivity } from "../shared/request-activity";
import type { EditorRoute, EditorRouteEnv } from "../shared/route-types";

/**
 * The activity edge around the CMS's composed routes: once the answer is known, the events the
 * request's routes noted are appended to the `activity` table with the actor and the request's
 * `x-request-id`. Entry points note an event only once its write stood (a refused write notes
 * nothing; a failed sign-in is itself the event), so whatever the answer, what was noted happened.
 * The rows are written after the answer
 * (`ctx.waitUntil`), so the write's latency does not grow; a failure to record is logged under the
 * request's id and never fails the write that already happened.
 *
 * @example
 * const route = withRequestLog(withActivity(composeRoutes(...routes)), { log });
 */
export function withActivity<Env extends EditorRouteEnv>(route: EditorRoute<Env>): EditorRoute<Env> {
  return async (request, env, ctx) => {
    const response = await route(request, env, ctx);
    if (!response) return undefined;
    const { actor, events } = requestActivity(request);
    if (events.length > 0) {
      const requestId = requestIdOf(request);
      ctx.waitUntil(recordActivity(env.DB, events.map((event) => ({ ...event, actor, requestId }))).catch((error: unknown) => logRequestError(request, error)));
    }
    return response;
  };
}

/**
 * The activity target a route hands a request core: the collection it writes, and this request's
 * noter.
 *
 * @example
 * await publishRequest(writer, session, id, { db, activity: activityTarget(request, "pages") });
 */
export function activityTarget(request: Request, collection: string): ActivityTarget {
  return { collection, note: activityNoterOf(request) };
}
