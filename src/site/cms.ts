import { createCms } from "../cms/create-cms";
import type { SaveConfig } from "../cores/save";
import { contactForm } from "./contact-form";
import type { SiteEnv } from "./env";
import { inquiries, submissions } from "../tables/forms";
import { media } from "../tables/media";
import { siteSeedSteps, siteSettingsConfig } from "./settings-config";
import { siteCollections } from "./site-schema";
import { siteEdgeAffects } from "./edge-dependencies";
import { SITE_LANGUAGES } from "./site-languages";

export { siteCollections };

/**
 * The reference site's `createCms`, over `collections` (its own by default): the Chromium tests'
 * worker passes the same collections with a field of `pages` shared across languages
 * (test/e2e/e2e-worker.ts), so a browser meets a real shared field while the site shares none.
 *
 * @example
 * const cms = createSiteCms({ ...siteCollections, pages: { ...pagesDeclaration, localized: { shared: ["title"] } } });
 */
export function createSiteCms(collections: typeof siteCollections = siteCollections) {
  return createCms<SiteEnv, typeof siteCollections>({
    collections,
    // Pages in English (the source of every translation) and German.
    locales: SITE_LANGUAGES.locales,
    defaultLocale: SITE_LANGUAGES.defaultLocale,
    media: { registry: media },
    settings: siteSettingsConfig,
    seed: siteSeedSteps,
    forms: { forms: [contactForm], genericTable: submissions },
    reviews: { inquiries, submissions },
    // The share view renders pages only (src/site/share-view.ts).
    shareLinks: { collections: ["pages"] },
    // Visitors' pages from the edge; what each change purges is src/site/edge-dependencies.ts.
    edgeCache: { affects: siteEdgeAffects, generation: (env) => env.KV },
  });
}

/** What {@link createSiteCms} builds. */
export type SiteCms = ReturnType<typeof createSiteCms>;

/**
 * The reference site, declared once through `createCms` as any consumer would: the `pages`
 * collection in English and German, the built-in sign-in, media, settings, seed, the contact form, the review lists and share links of drafts.
 */
export const siteCms = createSiteCms();

/** Inline save of the reference site, as its routes run it (tests drive `applyFieldSave` with it). */
export const siteSaveConfig: SaveConfig<SiteEnv> = {
  mediaBase: (env) => env.MEDIA_URL,
  collections: siteCms.registry.saveCollections<SiteEnv>(),
};
