import type { Table } from "drizzle-orm";
import { deleteMatching, listNewestFirst, type FormDefinition } from "../cores/forms";
import { tableMeta } from "../cores/table-meta";
import { HttpError } from "../shared/errors";
import type { EditorRoute, EditorRouteEnv } from "../shared/route-types";
import type { ResolveEditor } from "../shared/session";
import { guardEditor } from "./guard";
import { REVIEW_LIST_BOUNDS } from "./inquiries-route";
import { json, noContent } from "./json";
import { matchPath } from "./match-path";
import { readPaging } from "./paging";
import { assertMethod, parseId, withErrorEdge } from "./run-editor-route";

export interface SubmissionsRouteConfig<Env extends EditorRouteEnv = EditorRouteEnv> {
  /** The shared submissions table: properties `form` and `data` (a JSON column). */
  table: Table;
  resolveEditor: ResolveEditor<Env>;
  /** When given, only these forms have a list; any other name is a 404. */
  forms?: readonly Pick<FormDefinition, "name">[];
  /** Mount point; default `/api/cms/submissions`. */
  basePath?: string;
}

/**
 * One form's stored submissions, editor-gated: `GET <basePath>/<form>` (newest first, `{ items, next }`,
 * each item `{ id, form, data, createdAt }` with `data` parsed back to an object) and
 * `DELETE <basePath>/<form>?id=<id>` (204; 404 for an id that is not a submission of that form).
 *
 * @example
 * const route = submissionsRoute({ table: submissions, resolveEditor: resolveSiteEditor });
 */
export function submissionsRoute<Env extends EditorRouteEnv>(config: SubmissionsRouteConfig<Env>): EditorRoute<Env> {
  const basePath = config.basePath ?? "/api/cms/submissions";
  const meta = tableMeta(config.table);
  if (!meta.columns.form || !meta.columns.data?.json) {
    throw new TypeError(`submissionsRoute: ${meta.name} needs a "form" column and a JSON "data" column`);
  }
  const known = config.forms ? new Set(config.forms.map((form) => form.name)) : null;
  return withErrorEdge<Env>(async (request, env) => {
    const url = new URL(request.url);
    const params = matchPath(`${basePath}/:form`, url.pathname);
    if (!params) return undefined;
    assertMethod(request, ["GET", "DELETE"]);
    await guardEditor(request, env, config.resolveEditor);
    const form = params.form as string;
    if (known && !known.has(form)) throw new HttpError(404, `no form named ${JSON.stringify(form)}`, { code: "not_found" });
    const filter = { property: "form", value: form };
    if (request.method === "GET") return json(await listNewestFirst(env.DB, meta, readPaging(url, REVIEW_LIST_BOUNDS), filter));
    const id = parseId(url.searchParams.get("id") ?? undefined);
    if (!(await deleteMatching(env.DB, meta, id, filter))) {
      throw new HttpError(404, `submission ${id} of form ${form} not found`, { code: "not_found" });
    }
    return noContent();
  });
}
