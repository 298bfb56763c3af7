import type { LocaleAddressing } from "../shared/locale-path";

/**
 * The reference site's languages, declared once: `createCms` takes them (src/site/cms.ts), and the
 * edge registry (src/site/edge-dependencies.ts) addresses pages by them. `null`: one language.
 */
export const SITE_LANGUAGES: LocaleAddressing = null;
