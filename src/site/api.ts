import { assertValidSections } from "../cores/sections";
import type { WriteOperation } from "../cores/validate-fields";
import { composeRoutes } from "../routes/compose-routes";
import { formRoute } from "../routes/form-route";
import { inquiriesRoute } from "../routes/inquiries-route";
import { mediaRoute } from "../routes/media-route";
import { saveRoute } from "../routes/save-route";
import { seedRoute } from "../routes/seed-route";
import { settingsRoute } from "../routes/settings-route";
import { uploadRoute } from "../routes/upload-route";
import { pagesRoute } from "../routes/pages-route";
import { searchRoute } from "../routes/search-route";
import { submissionsRoute } from "../routes/submissions-route";
import { versionsRoute } from "../routes/versions-route";
import type { EditorRoute } from "../shared/route-types";
import { editorNames, resolveSiteEditor, sessionRoute } from "./auth";
import { pagesCollection, sectionCatalog } from "./collections";
import { contactForm } from "./contact-form";
import type { SiteEnv } from "./env";
import { inquiries, submissions } from "./forms-schema";
import { media } from "./media-schema";
import { siteSaveConfig, siteSeedSteps, siteSettingsConfig } from "./settings-config";
import { pages, pagesVersions } from "./schema";

/* Page sections follow the site's catalog; images must be media assets (the strict media rule). */
function checkSections(data: Record<string, unknown>, { operation, env }: { operation: WriteOperation; env: SiteEnv }): void {
  if (data.sections !== undefined) assertValidSections(sectionCatalog, data.sections, { operation, mediaBase: env.MEDIA_URL });
}

const mediaBase = (env: SiteEnv) => env.MEDIA_URL;

/* Where a media URL may be referenced; a referenced asset is not deleted without force=1. */
const mediaReferences = [
  { table: pages, fields: ["title", "body", "sections"] },
  { table: pagesVersions, fields: ["versionData"] },
];

/**
 * The reference site's `/api/cms/*`, mounted in the SPEC's order: routes with fixed sub-paths of
 * `/api/cms/pages` (versions, search) come before `pagesRoute`, whose `/:id` would claim them.
 */
export const siteApi: EditorRoute<SiteEnv> = composeRoutes<SiteEnv>(
  sessionRoute(),
  versionsRoute<SiteEnv>({
    table: pages,
    versionsTable: pagesVersions,
    config: pagesCollection,
    resolveEditor: resolveSiteEditor,
    mediaBase,
    validate: checkSections,
    authorNames: (env, ids) => editorNames(env.DB, ids),
  }),
  searchRoute<SiteEnv>({ table: pages, config: pagesCollection, resolveEditor: resolveSiteEditor }),
  pagesRoute<SiteEnv>({
    table: pages,
    collection: pagesCollection,
    resolveEditor: resolveSiteEditor,
    mediaBase,
    children: [{ table: pagesVersions, column: "parentId" }],
    validate: checkSections,
    // Drafts are on: a PATCH saves a draft (through the page's room), like POST …/versions.
    versionsTable: pagesVersions,
  }),
  uploadRoute<SiteEnv>({ resolveEditor: resolveSiteEditor, registry: media }),
  mediaRoute<SiteEnv>({ table: media, resolveEditor: resolveSiteEditor, references: mediaReferences }),
  settingsRoute<SiteEnv>({ ...siteSettingsConfig, resolveEditor: resolveSiteEditor }),
  saveRoute<SiteEnv>({ ...siteSaveConfig, resolveEditor: resolveSiteEditor }),
  seedRoute<SiteEnv>({ resolveEditor: resolveSiteEditor, steps: siteSeedSteps }),
  formRoute<SiteEnv>({ forms: [contactForm], genericTable: submissions }),
  inquiriesRoute<SiteEnv>({ table: inquiries, resolveEditor: resolveSiteEditor }),
  submissionsRoute<SiteEnv>({ table: submissions, resolveEditor: resolveSiteEditor }),
);
