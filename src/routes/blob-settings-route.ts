import { applyBlobSettingsPatch, readBlobSettings, type BlobSettingsConfig } from "../cores/settings";
import type { EditorRoute, EditorRouteEnv } from "../shared/route-types";
import type { ResolveEditor } from "../shared/session";
import { readJsonObject } from "./body";
import { guardEditor } from "./guard";
import { json } from "./json";
import { matchPath } from "./match-path";
import { assertMethod, withErrorEdge } from "./run-editor-route";

export interface BlobSettingsRouteConfig<Env extends EditorRouteEnv = EditorRouteEnv> extends BlobSettingsConfig {
  resolveEditor: ResolveEditor<Env>;
  /** Default `/api/cms/settings`. */
  path?: string;
}

/**
 * Settings kept in one JSON blob: `GET` answers `{ settings }` (through `read` when set);
 * `POST`/`PATCH` merge the allowed top-level keys, each through its sanitizer, and answer
 * `{ settings, ignored, changed }`.
 *
 * @example
 * const route = blobSettingsRoute<SiteEnv>({ table: siteSettingsBlob, resolveEditor, allow: { theme: oneOf(["light", "dark"]) } });
 */
export function blobSettingsRoute<Env extends EditorRouteEnv>(config: BlobSettingsRouteConfig<Env>): EditorRoute<Env> {
  const path = config.path ?? "/api/cms/settings";
  return withErrorEdge<Env>(async (request, env) => {
    if (!matchPath(path, new URL(request.url).pathname)) return undefined;
    assertMethod(request, ["GET", "POST", "PATCH"]);
    const session = await guardEditor(request, env, config.resolveEditor);
    if (request.method === "GET") return json({ settings: await readBlobSettings(env.DB, config) });
    return json(await applyBlobSettingsPatch(env, config, session, await readJsonObject(request)));
  });
}
