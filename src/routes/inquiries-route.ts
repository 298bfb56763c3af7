import type { Table } from "drizzle-orm";
import { deleteMatching, listNewestFirst } from "../cores/forms";
import { tableMeta } from "../cores/table-meta";
import { HttpError } from "../shared/errors";
import type { EditorRoute, EditorRouteEnv } from "../shared/route-types";
import type { ResolveEditor } from "../shared/session";
import { guardEditor } from "./guard";
import { json, noContent } from "./json";
import { matchPath } from "./match-path";
import { readPaging } from "./paging";
import { assertMethod, parseId, withErrorEdge } from "./run-editor-route";

export interface InquiriesRouteConfig<Env extends EditorRouteEnv = EditorRouteEnv> {
  /** The site's inquiries table (any Drizzle table with an integer primary key). */
  table: Table;
  resolveEditor: ResolveEditor<Env>;
  /** Mount point; default `/api/cms/inquiries`. */
  basePath?: string;
}

/** Page size of review lists: 20 by default, at most 100. */
export const REVIEW_LIST_BOUNDS = { defaultLimit: 20, maxLimit: 100 } as const;

/**
 * The inquiries review list, editor-gated: `GET <basePath>` (newest first, `{ items, next }`, paged
 * with `limit` and `cursor`) and `DELETE <basePath>?id=<id>` (204; 404 for an unknown id).
 *
 * @example
 * const route = inquiriesRoute({ table: inquiries, resolveEditor: resolveSiteEditor });
 */
export function inquiriesRoute<Env extends EditorRouteEnv>(config: InquiriesRouteConfig<Env>): EditorRoute<Env> {
  const basePath = config.basePath ?? "/api/cms/inquiries";
  const meta = tableMeta(config.table);
  return withErrorEdge<Env>(async (request, env) => {
    const url = new URL(request.url);
    if (!matchPath(basePath, url.pathname)) return undefined;
    assertMethod(request, ["GET", "DELETE"]);
    await guardEditor(request, env, config.resolveEditor);
    if (request.method === "GET") return json(await listNewestFirst(env.DB, meta, readPaging(url, REVIEW_LIST_BOUNDS)));
    const id = parseId(url.searchParams.get("id") ?? undefined);
    if (!(await deleteMatching(env.DB, meta, id))) throw new HttpError(404, `inquiry ${id} not found`, { code: "not_found" });
    return noContent();
  });
}
