/*
 * "cms-toolkit": what a site author writes against. Explicit named exports only, so the public
 * surface is exactly what this file lists (the README's export table mirrors it, checked by
 * test/export-table.test.ts): the names SPEC.md gives the root, the declaration `createCms` (in
 * "cms-toolkit/workers") takes and its types, and the helpers a page renderer needs. The other
 * route factories, the helpers routes are written with and the cores behind them are in
 * "cms-toolkit/routes".
 */

// Errors
export { HttpError, LouiseValidationError, isHttpError } from "./shared/errors";
export type { Violation } from "./shared/errors";
export { MisconfiguredError, isMisconfigured } from "./shared/misconfigured";

// Sessions and the handler shape
export type { EditorSession, ResolveEditor, SessionStatement } from "./shared/session";
export type { EditorRoute, EditorRouteEnv } from "./shared/route-types";
export { runEditorRoute } from "./routes/run-editor-route";
export { guardEditor, requireEditor } from "./routes/guard";
export { json } from "./routes/json";
export { matchPath } from "./routes/match-path";

// The handlers SPEC.md names (mount versionsRoute and searchRoute before pagesRoute), with their configs
export { pagesRoute } from "./routes/pages-route";
export type { PagesRouteConfig, PageValidateContext } from "./routes/pages-route";
export { versionsRoute } from "./routes/versions-route";
export type { VersionsRouteConfig, VersionValidateContext } from "./routes/versions-route";
export { searchRoute } from "./routes/search-route";
export type { SearchRouteConfig } from "./routes/search-route";
export { mediaRoute } from "./routes/media-route";
export type { MediaRouteConfig } from "./routes/media-route";
export { listMediaRoute } from "./routes/list-media-route";
export type { ListMediaRouteConfig } from "./routes/list-media-route";
export { settingsRoute } from "./routes/settings-route";
export { blobSettingsRoute } from "./routes/blob-settings-route";
export type { BlobSettingsConfig, BlobSanitizer } from "./cores/settings";
export { saveRoute } from "./routes/save-route";
export type { SaveConfig, SaveFieldType } from "./cores/save";
export { seedRoute } from "./routes/seed-route";
export { formRoute } from "./routes/form-route";
export type { FormRouteConfig } from "./routes/form-route";
export { inquiriesRoute } from "./routes/inquiries-route";
export type { InquiriesRouteConfig } from "./routes/inquiries-route";
export { submissionsRoute } from "./routes/submissions-route";
export type { SubmissionsRouteConfig } from "./routes/submissions-route";

// One declaration of a site's collections, and the types of what createCms takes and returns
export { cmsCollection } from "./cms/cms-collection";
export type { CmsCollection, CmsCollectionOptions, CmsValidateContext, ColumnName, InlinePath } from "./cms/cms-collection";
export { versionsTable } from "./tables/versions-table";
export type { CmsAuth, CmsConfig, CmsEnv, CmsRoutes } from "./cms/cms-routes";
export type { LogLine, LogSink } from "./shared/request-log";
export type { CmsCollections, CmsFieldName, CmsRegistry } from "./cms/cms-registry";
export { cmsMarker, editorScriptTag } from "./cms/cms-view";
export type { CmsPageView, EditorScriptOptions, ViewLanguages } from "./cms/cms-view";
export type { FieldDef, FieldType, FieldValue, ImageValue, SelectOption } from "./cores/field-types";
export type { SettingsConfig } from "./cores/settings";
export type { EdgeAddresses, EdgeCache, EdgeCacheConfig } from "./cms/edge-cache";
export type { VisibleChange } from "./cores/drafts";
export type { SeedStep } from "./cores/seed";
export { defineForm } from "./cores/forms";
export type { FormDefinition, FormDefinitionInput, FormField, FormFieldType, FormNotify, SpamGuard } from "./cores/forms";
export { createSendEmailMailer, createHttpMailer } from "./cores/notify";
export type { Mailer, MailMessage } from "./cores/notify";

// Tables and collections
export { ident, tableMeta } from "./cores/table-meta";
export type { TableMeta, ColumnMeta } from "./cores/table-meta";
export { defineCollection } from "./cores/collection";
export type { CollectionConfig, CollectionField, CollectionFieldType } from "./cores/collection";

// Pure helpers and route-free write cores (SPEC.md section 4)
export { pickFields, DEFAULT_PAGE_FIELDS, DEFAULT_RICH_FIELDS } from "./cores/pick-fields";
export { partitionSettingsPatch, mergeBlobPatch, applySettingsPatch } from "./cores/settings";
export { resolveFieldValue, applyFieldSave } from "./cores/save";
export type { SaveCollectionConfig } from "./cores/save";
export { applySaveDraft, latestDraftSections, latestDraftBody } from "./cores/drafts";

// Read-after-write
export { openD1Session, d1Bookmark, resumeReadSession, serializeD1BookmarkCookie } from "./cores/d1-session";
export type { ResumeReadSession } from "./cores/d1-session";

// The strict media rule and rich text
export { assertValidSections } from "./cores/sections";
export type { SectionCatalog, SectionDefinition, SectionFieldDef, SectionCheckOptions } from "./cores/sections";
export { sanitizeRichHtml } from "./cores/sanitize";
export type { SanitizeRichHtmlOptions } from "./cores/sanitize";
export { mediaMetaByUrl } from "./cores/media";
export type { MediaMeta } from "./cores/media";

// What a site's own pages use: renamed slugs, share-link views, the room's live edits first
export { findRedirect } from "./cores/pages/redirects";
export type { RedirectsConfig } from "./cores/pages/redirects";
export { HOME_SLUG, hreflangLinks, localePath, parseLocalePath } from "./shared/locale-path";
export type { HreflangLink, LocaleAddress, LocaleAddressing } from "./shared/locale-path";
export { findPageAt, publishedAlternates, publishedPageGroups } from "./cores/pages/localized-pages";
export type { PageAlternate } from "./cores/pages/localized-pages";
export { cmsSitemap } from "./cms/cms-sitemap";
export type { CmsSitemapOptions } from "./cms/cms-sitemap";
export { SITEMAP_PATH, sitemapXml } from "./cores/pages/sitemap";
export { isSlug } from "./shared/slug";
export { shareLinkKey, shareLinkStore } from "./cores/share";
export type { ShareLink, ShareLinkStore, SharedRecord } from "./cores/share";
export { flushRoomDraft } from "./objects/room-client";
