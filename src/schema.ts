/*
 * "cms-toolkit/schema": the Drizzle tables of the toolkit's SQL (`sql/*.sql`, copied into a site's
 * migrations by `npx cms-toolkit migrations`). Routes take these objects (`table`, `versionsTable`,
 * `registry`, …) and read their column names with `tableMeta`; a site with other columns declares
 * its own tables the same way.
 */
export { pages, pagesVersions, pageRedirects, editors } from "./tables/pages";
export { media, siteSettings, siteSettingsBlob } from "./tables/media";
export { submissions, inquiries } from "./tables/forms";
export { shareLinks } from "./tables/share-links";
