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
 * The reference site, declared once through `createCms` as any consumer would: the `pages`
 * collection in English and German, the built-in sign-in, media, settings, seed, the contact form, the review lists and share links of drafts.
 */
export const siteCms = createCms<SiteEnv, typeof siteCollections>({
  collections: siteCollections,
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

/** Inline save of the reference site, as its routes run it (tests drive `applyFieldSave` with it). */
export const siteSaveConfig: SaveConfig<SiteEnv> = {
  mediaBase: (env) => env.MEDIA_URL,
  collections: siteCms.registry.saveCollections<SiteEnv>(),
};
