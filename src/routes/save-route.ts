import { applyFieldSave, type SaveConfig } from "../cores/save";
import { HttpError } from "../shared/errors";
import type { EditorRoute, EditorRouteEnv } from "../shared/route-types";
import type { ResolveEditor } from "../shared/session";
import { readJsonObject } from "./body";
import { guardEditor } from "./guard";
import { matchPath } from "./match-path";
import { writeBase } from "../shared/write-input";
import { noteRecord } from "../shared/request-log";
import { activityNoterOf } from "../shared/request-activity";
import { assertMethod, withErrorEdge } from "./run-editor-route";

/** Response header of an inline save naming the fields where live typing won over part of it. */
export const CONFLICTS_HEADER = "cms-conflicts";
import { noContent } from "./json";

export interface SaveRouteConfig<Env extends EditorRouteEnv = EditorRouteEnv> extends SaveConfig<Env> {
  resolveEditor: ResolveEditor<Env>;
  /** Default `/api/cms/save`. */
  path?: string;
}

/**
 * The inline save endpoint: `POST { field: "<collection>:<key>:<field>", value }`. 204 on success,
 * 400 for a field that is not allowlisted or an index out of range, 403 without an editor (the
 * client contract), 422 for an invalid value. Versioned collections get a draft, never a live write:
 * through `config.writer` (`createCms` hands in the rooms' writer, so the save merges with live
 * typing and every live editor sees it; `If-Match` or `baseVersionId` names the version the editor read).
 *
 * @example
 * const route = saveRoute<SiteEnv>({ ...siteSaveConfig, resolveEditor });
 */
export function saveRoute<Env extends EditorRouteEnv>(config: SaveRouteConfig<Env>): EditorRoute<Env> {
  const path = config.path ?? "/api/cms/save";
  return withErrorEdge<Env>(async (request, env) => {
    if (!matchPath(path, new URL(request.url).pathname)) return undefined;
    assertMethod(request, ["POST"]);
    const session = await guardEditor(request, env, config.resolveEditor, { noSessionStatus: 403 });
    const body = await readJsonObject(request);
    if (typeof body.field !== "string") throw new HttpError(400, 'field must be "<collection>:<key>:<field>"', { code: "invalid_field" });
    if (!Object.hasOwn(body, "value")) throw new HttpError(400, "value is required", { code: "missing_value" });
    const baseVersionId = writeBase(request.headers.get("if-match"), body.baseVersionId);
    const saved = await applyFieldSave(env, config, session, {
      field: body.field,
      value: body.value,
      ...(baseVersionId === undefined ? {} : { baseVersionId }),
    }, activityNoterOf(request));
    noteRecord(request, { collection: saved.collection, id: saved.id, ...(saved.saved === "draft" ? { version: saved.versionId } : {}) });
    const response = noContent();
    // 204 has no body: where live typing won over part of the save, the header names the field.
    if (saved.saved === "draft" && saved.conflicts.length > 0) response.headers.set(CONFLICTS_HEADER, saved.conflicts.join(","));
    return response;
  });
}
