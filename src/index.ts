/*
 * "cms-toolkit": the editing backend. Explicit named exports only, so the public surface is
 * exactly what this file lists (the README's export table mirrors it).
 */

// Errors and shared types
export { HttpError, LouiseValidationError, isHttpError } from "./shared/errors";
export type { Violation } from "./shared/errors";
export { MisconfiguredError, isMisconfigured } from "./shared/misconfigured";
export { assertPublisher } from "./shared/publish-privilege";
export type { EditorSession, ResolveEditor, SessionStatement } from "./shared/session";
export type { EditorRoute, EditorRouteEnv } from "./shared/route-types";
export { parseFieldAddress, formatFieldAddress } from "./shared/field-address";
export type { FieldAddress } from "./shared/field-address";

// Route core
export { runEditorRoute, withErrorEdge, assertMethod, parseId } from "./routes/run-editor-route";
export { composeRoutes } from "./routes/compose-routes";
export { guardEditor, requireEditor, admitEditor, noEditorError, isSameOriginRequest, assertSameOrigin, isMutatingMethod } from "./routes/guard";
export { guardEditorRead, type EditorRead } from "./routes/editor-read";
export { json, noContent } from "./routes/json";
export { matchPath } from "./routes/match-path";
export { readJsonObject, parseJsonObject, readBodyBytes, MAX_JSON_BODY_BYTES } from "./routes/body";
export { MAX_JSON_DEPTH } from "./shared/json-depth";
export { readPaging } from "./routes/paging";

// One declaration of a site's collections (createCms in "cms-toolkit/workers" builds on these)
export { cmsCollection } from "./cms/cms-collection";
export type { CmsCollection, CmsCollectionOptions, CmsValidateContext, ColumnName, InlinePath } from "./cms/cms-collection";
export { cmsRoutes } from "./cms/cms-routes";
export { versionsTable } from "./tables/versions-table";
export type { CmsAuth, CmsConfig, CmsEnv, CmsRoutes } from "./cms/cms-routes";
export type { CmsCollections, CmsFieldName, CmsRegistry } from "./cms/cms-registry";
export { loadPageView, cmsMarker, editorScriptTag } from "./cms/cms-view";
export type { CmsPageView, EditorScriptOptions } from "./cms/cms-view";

// Tables and collections
export { ident, tableMeta, decodeRow } from "./cores/table-meta";
export type { TableMeta, ColumnMeta } from "./cores/table-meta";
export { defineCollection, richFieldsOf } from "./cores/collection";
export type { CollectionConfig, CollectionField, CollectionFieldType } from "./cores/collection";
export { checkFieldDef, coerceFieldValue, fieldValueProblem } from "./cores/field-types";
export type { FieldDef, FieldProblem, FieldType, FieldValue, ImageValue, SelectOption } from "./cores/field-types";

// Pages
export { pagesRoute } from "./routes/pages-route";
export type { PagesRouteConfig, PageValidateContext } from "./routes/pages-route";
export { pickFields, DEFAULT_PAGE_FIELDS, DEFAULT_RICH_FIELDS } from "./cores/pick-fields";
export { coerceFields, validateFields } from "./cores/validate-fields";
export type { ValidateOptions, WriteOperation } from "./cores/validate-fields";
export { assertValidSections, sectionViolations } from "./cores/sections";
export type { SectionCatalog, SectionDefinition, SectionFieldDef, SectionCheckOptions } from "./cores/sections";

// Rich text
export { sanitizeRichHtml, isSafeUrl, isMediaUrl, RICH_HTML_TAGS, RICH_HTML_ATTRIBUTES } from "./cores/sanitize";
export type { SanitizeRichHtmlOptions } from "./cores/sanitize";

// Forms, inquiries, submissions
export { defineForm, issueFormToken, readFormToken, validateSubmission, TIMING_FIELD, TURNSTILE_FIELD, TURNSTILE_SITEVERIFY_URL } from "./cores/forms";
export type { FormDefinition, FormDefinitionInput, FormField, FormFieldType, FormNotify, SpamGuard } from "./cores/forms";
export { formRoute, MAX_FORM_BODY_BYTES } from "./routes/form-route";
export type { FormRouteConfig } from "./routes/form-route";
export { inquiriesRoute } from "./routes/inquiries-route";
// Share links of drafts
export { shareLinksRoute } from "./routes/share-links-route";
export type { ShareLinksRouteConfig } from "./routes/share-links-route";
export { shareLinkKey, shareLinkStore, SHARE_LINK_EXPIRY } from "./cores/share";
export type { ShareLink, ShareLinkStore, SharedRecord } from "./cores/share";
export type { InquiriesRouteConfig } from "./routes/inquiries-route";
export { submissionsRoute } from "./routes/submissions-route";
export type { SubmissionsRouteConfig } from "./routes/submissions-route";
export { createSlidingWindowLimiter, createDurableObjectLimiter } from "./cores/rate-limit";
export type { SlidingWindowLimiter, RateLimitRule, RateLimitDecision, RateLimiter, RateLimiterFactory } from "./cores/rate-limit";
export { createSendEmailMailer, createHttpMailer, signWebhook, verifyWebhookSignature, WEBHOOK_SIGNATURE_HEADER } from "./cores/notify";
export type { Mailer, MailMessage } from "./cores/notify";

// Drafts, publishing, read-after-write
export {
  applySaveDraft, applyPublish, applyRestore, applyUnpublish, listVersions, loadEditableDocument, latestDraftSections,
  latestDraftBody, DRAFT_STATUS, PUBLISHED_STATUS, SUPERSEDED_STATUS, DEFAULT_MAX_PER_DOC, readVersionSnapshot,
  applyCreate, readRecord, readPublished, listPublished, saveDraftRequest, publishRequest,
} from "./cores/drafts";
export type {
  DraftDeps, EditableDocument, VersionState, VersionPage, PublishOptions, PublishResult, SavedDraft, DraftWriteOptions, FieldEdit, ScheduledPublish, WrittenDraft,
  DraftSaveRequest, PublishRequest,
} from "./cores/drafts";
export { versionEtag, writeBase, positiveId, isPositiveId, LIST_BOUNDS, SEARCH_BOUNDS } from "./shared/write-input";
export { unwrapRoomResult } from "./shared/room-result";
export { versionsRoute } from "./routes/versions-route";
export type { VersionsRouteConfig, VersionValidateContext } from "./routes/versions-route";
export { pageListRoute, PAGE_LIST_BOUNDS } from "./routes/page-list-route";
export type { PageListRouteConfig, PageListEntry } from "./routes/page-list-route";
export { listRecordOverview } from "./cores/drafts";
export type { RecordOverview } from "./cores/drafts";
export { findRedirect, redirectRemovalStatement, redirectStatements } from "./cores/pages/redirects";
export type { RedirectsConfig } from "./cores/pages/redirects";
export { isSlug, slugFrom, uniqueSlug, SLUG_PATTERN } from "./shared/slug";
export {
  openD1Session, d1Bookmark, resumeReadSession, serializeD1BookmarkCookie, readD1BookmarkCookie, D1_BOOKMARK_COOKIE,
} from "./cores/d1-session";
export type { ResumeReadSession } from "./cores/d1-session";

// Full-text search
export { searchPublished, rebuildSearchIndex, removeFromSearchIndex, syncSearchEntry, toFtsQuery } from "./cores/search";
export { createSearchCache, noteSearchChange, SEARCH_CACHE_DEFAULTS } from "./cores/search";
export type { SearchHit, SearchCache, SearchCacheOptions } from "./cores/search";
export { searchRoute, SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT } from "./routes/search-route";
export type { SearchRouteConfig } from "./routes/search-route";

// Media
export { sniffImage, assertImageBytes, storeImage, deleteMedia, updateMediaText, findMediaReferences, mediaMetaByUrl, resolveImageAlt } from "./cores/media";
export type { SniffResult, SniffedImage, ImageType, MediaMeta, MediaReference } from "./cores/media";
export { mediaRoute } from "./routes/media-route";
export type { MediaRouteConfig } from "./routes/media-route";
export { listMediaRoute } from "./routes/list-media-route";
export type { ListMediaRouteConfig } from "./routes/list-media-route";
export { uploadRoute, MAX_UPLOAD_BYTES } from "./routes/upload-route";
export type { UploadRouteConfig } from "./routes/upload-route";
export { mediaServeRoute } from "./routes/media-serve-route";

// Settings, inline save, seed
export { partitionSettingsPatch, mergeBlobPatch, applySettingsPatch, readSettings, applyBlobSettingsPatch, readBlobSettings } from "./cores/settings";
export type { SettingsConfig, BlobSettingsConfig, BlobSanitizer } from "./cores/settings";
export { settingsRoute } from "./routes/settings-route";
export { blobSettingsRoute } from "./routes/blob-settings-route";
export { resolveFieldValue, applyFieldSave } from "./cores/save";
export type { SaveCollectionConfig, SaveConfig, SaveFieldType } from "./cores/save";
export { saveRoute, CONFLICTS_HEADER } from "./routes/save-route";
export { runSeed } from "./cores/seed";
export type { SeedStep } from "./cores/seed";
export { seedRoute } from "./routes/seed-route";

// Realtime: the gate in front of the per-page rooms and their protocol (the room itself is in "cms-toolkit/workers")
export { roomRoute } from "./routes/room-route";
export type { RoomRouteOptions } from "./routes/room-route";
export { draftWriter, draftWriterFor, flushRoomDraft, roomDraftWriter, DIRECT_DRAFT_WRITER } from "./objects/room-client";
export type { DraftWriter } from "./objects/room-client";
export { parseRoomName, roomName, parseRoomEvent, ROOM_CLOSE, MAX_MESSAGE_BYTES, JSON_ROOT, ROOM_PARTY, ROOM_PATH_PREFIX } from "./shared/room-protocol";
export type { RoomAddress, RoomEvent } from "./shared/room-protocol";
export type { RoomResult } from "./shared/room-result";

// Rich text: one schema for client and server, DOM-free conversion
export { richSchema } from "./shared/rich-schema";
export { htmlToRichDoc, richDocToHtml, writeHtmlToFragment, fragmentToHtml, applyTextDiff } from "./cores/rich-text";
export { mergeRichInto, mergeTextInto } from "./cores/merge";
export { diffText, graphemes } from "./shared/text-splice";
export type { TextSplice } from "./shared/text-splice";
