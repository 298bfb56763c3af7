import type { Table } from "drizzle-orm";
import { countUnread, deleteMatching, listNewestFirst, markRead } from "../cores/forms";
import { tableMeta } from "../cores/table-meta";
import { HttpError } from "../shared/errors";
import type { EditorRoute, EditorRouteEnv } from "../shared/route-types";
import type { ResolveEditor } from "../shared/session";
import { readJsonObject } from "./body";
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
  /**
   * The property of the table's "read at" column (a nullable text timestamp), which `PATCH` sets;
   * default `readAt` when the table has it. Without one, `PATCH` is not offered.
   */
  readProperty?: string;
}

/** Page size of review lists: 20 by default, at most 100. */
export const REVIEW_LIST_BOUNDS = { defaultLimit: 20, maxLimit: 100 } as const;

/**
 * The inquiries review list, editor-gated: `GET <basePath>` (newest first, `{ items, next }`, paged
 * with `limit` and `cursor` within `REVIEW_LIST_BOUNDS`, plus `unread`, how many nobody has read,
 * when the table has a "read at" column), `PATCH <basePath>?id=<id>` with
 * `{ "read": true | false }` (the row as it is now; the first read time is kept) and
 * `DELETE <basePath>?id=<id>` (204). An unknown id is a 404, a bad one a 400; changes need the
 * same origin.
 *
 * @example
 * const route = inquiriesRoute({ table: inquiries, resolveEditor: resolveSiteEditor });
 */
export function inquiriesRoute<Env extends EditorRouteEnv>(config: InquiriesRouteConfig<Env>): EditorRoute<Env> {
  const basePath = config.basePath ?? "/api/cms/inquiries";
  const meta = tableMeta(config.table);
  const readProperty = config.readProperty ?? (meta.columns.readAt ? "readAt" : null);
  if (readProperty !== null && !meta.columns[readProperty]) throw new TypeError(`${meta.name} has no column for ${readProperty}`);
  const methods = readProperty === null ? ["GET", "DELETE"] : ["GET", "PATCH", "DELETE"];
  const notFound = (id: number) => new HttpError(404, `inquiry ${id} not found`, { code: "not_found" });
  return withErrorEdge<Env>(async (request, env) => {
    const url = new URL(request.url);
    if (!matchPath(basePath, url.pathname)) return undefined;
    assertMethod(request, methods);
    await guardEditor(request, env, config.resolveEditor);
    if (request.method === "GET") {
      const list = await listNewestFirst(env.DB, meta, readPaging(url, REVIEW_LIST_BOUNDS));
      return json(readProperty === null ? list : { ...list, unread: await countUnread(env.DB, meta, readProperty) });
    }
    const id = parseId(url.searchParams.get("id") ?? undefined);
    if (request.method === "PATCH" && readProperty !== null) {
      const body = await readJsonObject(request);
      if (typeof body.read !== "boolean") throw new HttpError(400, 'expected { "read": true } or { "read": false }', { code: "invalid_read" });
      const row = await markRead(env.DB, meta, id, body.read, readProperty);
      if (!row) throw notFound(id);
      return json(row);
    }
    if (!(await deleteMatching(env.DB, meta, id))) throw notFound(id);
    return noContent();
  });
}
