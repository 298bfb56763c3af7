import type { CollectionConfig } from "../cores/collection";
import type { DraftWriterFor } from "../cores/drafts";
import type { EditorRoute, EditorRouteEnv } from "../shared/route-types";
import type { ResolveEditor } from "../shared/session";
import type { RateLimitRule } from "../cores/rate-limit";
import { readJsonObject } from "./body";
import { assertReviewBudget } from "./review-limit";
import { guardEditor } from "./guard";
import { json } from "./json";
import { assertMethod, parseId, withErrorEdge } from "./run-editor-route";
import { noteSettled, settleTarget, suggestionsAction } from "./suggestions-input";
import { activityNoterOf } from "../shared/request-activity";

export interface SuggestionsRouteConfig<Env extends EditorRouteEnv = EditorRouteEnv> {
  /** The collection (drafts on: suggestions live in its records' rooms). */
  config: CollectionConfig;
  resolveEditor: ResolveEditor<Env>;
  /** The rooms' draft writer (`draftWriterFor`), which lists and settles under each room's lock. */
  writer: DraftWriterFor<Env>;
  /** Review writes per editor per window (`assertReviewBudget`); default 60 a minute. */
  limit?: RateLimitRule;
  /** Mount point; default `/api/cms/pages`. */
  basePath?: string;
}

/**
 * Suggestions on a page, with the page's rights: `GET {basePath}/:id/suggestions` lists the open
 * ones (`{ suggestions: [{ id, kind, field, author, authorName, at, text }] }`); `POST
 * …/suggestions/:sid/accept` or `…/reject` settles one (its author or a publisher), `POST
 * …/suggestions/accept-all` or `…/reject-all` with `{ author? }` every one the editor may settle.
 * The room settles under its lock: a second accept of one suggestion answers 409
 * `suggestion_settled`; an id the page never had 404 `suggestion_not_found`.
 *
 * @example
 * const route = suggestionsRoute({ config: pagesCollection, resolveEditor, writer: draftWriterFor });
 */
export function suggestionsRoute<Env extends EditorRouteEnv>(options: SuggestionsRouteConfig<Env>): EditorRoute<Env> {
  const basePath = options.basePath ?? "/api/cms/pages";
  return withErrorEdge<Env>(async (request, env) => {
    const action = suggestionsAction(basePath, new URL(request.url).pathname);
    if (!action) return undefined;
    assertMethod(request, action.name === "list" ? ["GET"] : ["POST"]);
    const id = parseId(action.id);
    // The scope rule runs in the room, on the live document, with the fields a settle changes.
    const session = await guardEditor(request, env, options.resolveEditor);
    const writer = options.writer(env, options.config.slug);
    if (action.name === "list") return json(await writer.listSuggestions(session, id));
    await assertReviewBudget(env, session, options.limit);
    const target = settleTarget(action, await readJsonObject(request, { allowEmpty: true, maxBytes: 4096 }));
    return json(noteSettled(activityNoterOf(request), options.config.slug, id, await writer.settleSuggestions(session, id, action.decision, target)));
  });
}
