/**
 * The reference site's languages, declared once: `createCms` takes them (src/site/cms.ts), the
 * pages collection's start-up check and slug rule read them (src/site/collections.ts), and the
 * edge registry (src/site/edge-dependencies.ts) addresses pages by them. English pages at
 * `/<slug>`, German ones at `/de/<slug>`.
 */
export const SITE_LANGUAGES = { locales: ["en", "de"], defaultLocale: "en" } as const satisfies { locales: readonly string[]; defaultLocale: string };
