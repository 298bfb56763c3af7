import { runSeed, type SeedStep } from "../cores/seed";
import type { EditorRoute, EditorRouteEnv } from "../shared/route-types";
import { assertAdmin } from "../shared/publish-privilege";
import type { ResolveEditor } from "../shared/session";
import { guardEditor } from "./guard";
import { json } from "./json";
import { matchPath } from "./match-path";
import { assertMethod, withErrorEdge } from "./run-editor-route";

export interface SeedRouteConfig<Env extends EditorRouteEnv = EditorRouteEnv> {
  resolveEditor: ResolveEditor<Env>;
  /** What to seed (the settings singleton first); a function to read values from env. */
  steps: readonly SeedStep[] | ((env: Env) => readonly SeedStep[]);
  /** Default `/api/cms/seed`. */
  path?: string;
  /** Told once a seed that created rows has committed (a site's edge cache purges all of it); must not throw. */
  changed?: (env: Env) => Promise<void>;
}

/**
 * `POST /api/cms/seed`, admin-only (403 `forbidden_admin`) and idempotent: answers `{ changed, created, message }`; a
 * second call creates nothing and says so.
 *
 * @example
 * const route = seedRoute<SiteEnv>({ resolveEditor, steps: siteSeedSteps });
 */
export function seedRoute<Env extends EditorRouteEnv>(config: SeedRouteConfig<Env>): EditorRoute<Env> {
  const path = config.path ?? "/api/cms/seed";
  return withErrorEdge<Env>(async (request, env) => {
    if (!matchPath(path, new URL(request.url).pathname)) return undefined;
    assertMethod(request, ["POST"]);
    // Seeding writes the settings (the menu among them): the settings rule, admins only.
    assertAdmin(await guardEditor(request, env, config.resolveEditor), "seeding the site");
    const steps = typeof config.steps === "function" ? config.steps(env) : config.steps;
    const report = await runSeed(env.DB, steps);
    if (report.changed) await config.changed?.(env);
    const message = report.changed ? "seeded" : "already seeded; nothing changed";
    return json({ ...report, message });
  });
}
