import { assertValidSections } from "../cores/sections";
import { composeRoutes } from "../routes/compose-routes";
import { formRoute } from "../routes/form-route";
import { inquiriesRoute } from "../routes/inquiries-route";
import { pagesRoute } from "../routes/pages-route";
import { submissionsRoute } from "../routes/submissions-route";
import type { EditorRoute } from "../shared/route-types";
import { resolveSiteEditor, sessionRoute } from "./auth";
import { pagesCollection, sectionCatalog } from "./collections";
import { contactForm } from "./contact-form";
import type { SiteEnv } from "./env";
import { inquiries, submissions } from "./forms-schema";
import { pages, pagesVersions } from "./schema";

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
  formRoute<SiteEnv>({ forms: [contactForm], genericTable: submissions }),
  inquiriesRoute<SiteEnv>({ table: inquiries, resolveEditor: resolveSiteEditor }),
  submissionsRoute<SiteEnv>({ table: submissions, resolveEditor: resolveSiteEditor }),
);
