import { applySettingsPatch, readSettings, type SettingsConfig } from "../cores/settings";
import type { EditorRoute, EditorRouteEnv } from "../shared/route-types";
import type { ResolveEditor } from "../shared/session";
import { activityNoterOf } from "../shared/request-activity";
import { readJsonObject } from "./body";
import { guardEditor } from "./guard";
import { json } from "./json";
import { matchPath } from "./match-path";
import { assertMethod, withErrorEdge } from "./run-editor-route";

export interface SettingsRouteConfig<Env extends EditorRouteEnv = EditorRouteEnv> extends SettingsConfig<Env> {
  resolveEditor: ResolveEditor<Env>;
  /** Default `/api/cms/settings`. */
  path?: string;
}

/**
 * The settings singleton: `GET` answers `{ settings }` (base columns and custom keys, flat);
 * `POST`/`PATCH` apply a partial patch and answer `{ settings, ignored, changed }`. Keys in neither
 * allowlist are ignored and listed in `ignored`; an image setting outside `mediaBase` is a 422.
 *
 * @example
 * const route = settingsRoute<SiteEnv>({ ...siteSettingsConfig, resolveEditor });
 */
export function settingsRoute<Env extends EditorRouteEnv>(config: SettingsRouteConfig<Env>): EditorRoute<Env> {
  const path = config.path ?? "/api/cms/settings";
  return withErrorEdge<Env>(async (request, env) => {
    if (!matchPath(path, new URL(request.url).pathname)) return undefined;
    assertMethod(request, ["GET", "POST", "PATCH"]);
    const session = await guardEditor(request, env, config.resolveEditor);
    if (request.method === "GET") return json({ settings: await readSettings(env.DB, config) });
    return json(await applySettingsPatch(env, config, session, await readJsonObject(request), activityNoterOf(request)));
  });
}
