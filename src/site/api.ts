import { composeRoutes } from "../routes/compose-routes";
import { pagesRoute } from "../routes/pages-route";
import type { EditorRoute } from "../shared/route-types";
import { sessionRoute } from "./auth";
import { resolveSiteEditor } from "./auth";
import { pagesCollection, sectionCatalog } from "./collections";
import type { SiteEnv } from "./env";
import { pages, pagesVersions } from "./schema";
import { assertValidSections } from "../cores/sections";

/**
 * The reference site's `/api/cms/*`, mounted in the SPEC's order: routes with fixed sub-paths of
 * `/api/cms/pages` (versions, search) come before `pagesRoute`, whose `/:id` would claim them.
 */
export const siteApi: EditorRoute<SiteEnv> = composeRoutes<SiteEnv>(
  sessionRoute(),
  pagesRoute<SiteEnv>({
    table: pages,
    collection: pagesCollection,
    resolveEditor: resolveSiteEditor,
    mediaBase: (env) => env.MEDIA_URL,
    children: [{ table: pagesVersions, column: "parentId" }],
    validate: (data, { operation, env }) => {
      if (data.sections !== undefined) assertValidSections(sectionCatalog, data.sections, { operation, mediaBase: env.MEDIA_URL });
    },
  }),
);
