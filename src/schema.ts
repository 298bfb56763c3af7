/*
 * "cms-toolkit/schema": the Drizzle tables the toolkit's SQL (`sql/*.sql`, copied into a site's
 * migrations by `npx cms-toolkit migrations`) is generated from. Routes take these objects
 * (`table`, `versionsTable`, `registry`, …) and read their column names with `tableMeta`; a site
 * with other columns declares its own tables the same way.
 */
export { editors, editorSessions } from "./tables/editors";
export { editorTotp, editorRecoveryCodes } from "./tables/second-factor";
export { pages, pagesVersions, pageRedirects } from "./tables/pages";
export { media, siteSettings, siteSettingsBlob } from "./tables/media";
export { submissions, inquiries, formTokens } from "./tables/forms";
export { shareLinks } from "./tables/share-links";
export { activity } from "./tables/activity";
export { reviewComments } from "./tables/review-comments";
export { unflushedRooms } from "./tables/unflushed-rooms";
export { scheduledPublishes } from "./tables/scheduled-publishes";
export { roomSessions } from "./tables/room-sessions";
