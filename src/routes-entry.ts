/*
 * "cms-toolkit/routes": the parts `createCms` is built from, for a site that composes its own
 * `/api/cms/*` (or a host without Durable Objects): each route factory with its config type, the
 * helpers a route is written with (guards, bodies, paging, the error edge), the draft writers
 * and the route-free cores behind the routes. Explicit named exports only; the README's export
 * table mirrors this list (test/export-table.test.ts). What a site author needs day to day is in
 * the root entry, "cms-toolkit".
 */

// Writing and composing routes
export { withErrorEdge, assertMethod, parseId } from "./routes/run-editor-route";
export { composeRoutes } from "./routes/compose-routes";
export { admitEditor, noEditorError, isSameOriginRequest, assertSameOrigin, isMutatingMethod } from "./routes/guard";
export { assertPublisher } from "./shared/publish-privilege";
export { assertAccess, isAddressInScope, isLocaleInScope, readOnlyFieldsOf, type AccessTarget } from "./shared/access-check";
export { guardEditorRead, type EditorRead } from "./routes/editor-read";
export { noContent } from "./routes/json";
export { readJsonObject, parseJsonObject, readBodyBytes, MAX_JSON_BODY_BYTES } from "./routes/body";
export { MAX_JSON_DEPTH } from "./shared/json-depth";
export { readPaging } from "./routes/paging";
export { parseFieldAddress, formatFieldAddress } from "./shared/field-address";
export type { FieldAddress } from "./shared/field-address";

// Health and request logs
export { healthRoute, DEFAULT_HEALTH_LIMIT, type HealthRouteConfig } from "./routes/health-route";
export { exportRoute, archiveFileName, type ExportRouteConfig } from "./routes/export-route";
export { exportSiteArchive, type SiteExportOptions } from "./cores/export/site-export";
export { runHealthChecks, type HealthCheck, type HealthCheckResult, type HealthFinding, type HealthStatus } from "./cores/health/run-checks";
export { withRequestLog, type RequestLogOptions } from "./routes/request-log-edge";
export { consoleLogSink, setDefaultLogSink, requestIdOf, type WriteLogLine, type ErrorLogLine } from "./shared/request-log";

// Every route of a declaration in mount order (createCms without the Workers classes)
export { cmsRoutes } from "./cms/cms-routes";
export { loadPageView } from "./cms/cms-view";

// Tables and typed fields
export { decodeRow } from "./cores/table-meta";
export { richFieldsOf } from "./cores/collection";
export { checkFieldDef, coerceFieldValue, fieldValueProblem } from "./cores/field-types";
export type { FieldProblem } from "./cores/field-types";

// Pages, drafts and publishing
export { pageListRoute, PAGE_LIST_BOUNDS } from "./routes/page-list-route";
export type { PageListRouteConfig, PageListEntry } from "./routes/page-list-route";
export { coerceFields, validateFields } from "./cores/validate-fields";
export type { ValidateOptions, WriteOperation } from "./cores/validate-fields";
export { sectionViolations } from "./cores/sections";
export { isSafeUrl, isMediaUrl, RICH_HTML_TAGS, RICH_HTML_ATTRIBUTES } from "./cores/sanitize";
export {
  applyPublish, applyRestore, applyUnpublish, listVersions, loadEditableDocument, DRAFT_STATUS, PUBLISHED_STATUS,
  SUPERSEDED_STATUS, DEFAULT_MAX_PER_DOC, readVersionSnapshot, applyCreate, readRecord, readPublished, listPublished,
  saveDraftRequest, publishRequest, unpublishRequest, cancelScheduleRequest, listRecordOverview,
} from "./cores/drafts";
export type {
  DraftDeps, EditableDocument, VersionState, VersionPage, PublishOptions, PublishResult, SavedDraft, DraftWriteOptions,
  FieldEdit, ScheduledPublish, WrittenDraft, DraftSaveRequest, PublishRequest, RecordOverview,
} from "./cores/drafts";
export { versionEtag, writeBase, positiveId, isPositiveId, LIST_BOUNDS, SEARCH_BOUNDS } from "./shared/write-input";
export { redirectRemovalStatement, redirectStatements } from "./cores/pages/redirects";
export { slugFrom, uniqueSlug, SLUG_PATTERN } from "./shared/slug";
export { readD1BookmarkCookie, D1_BOOKMARK_COOKIE } from "./cores/d1-session";

// Who writes a versioned page's drafts: its room, or the cores
export { draftWriterFor, missingPageRoom, roomDraftWriter, directDraftWriter } from "./objects/room-client";
export type { DraftWriter } from "./objects/room-client";
export type { DraftWriterFor } from "./cores/drafts";
export { unwrapRoomResult } from "./shared/room-result";
export type { RoomResult } from "./shared/room-result";
export { roomRoute } from "./routes/room-route";
export type { RoomRouteOptions } from "./routes/room-route";

// Full-text search
export { SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT } from "./routes/search-route";
export { searchPublished, rebuildSearchIndex, removeFromSearchIndex, syncSearchEntry, toFtsQuery } from "./cores/search";
export { createSearchCache, noteSearchChange, SEARCH_CACHE_DEFAULTS, SEARCH_RANK_CANDIDATES } from "./cores/search";
export type { SearchHit, SearchCache, SearchCacheOptions } from "./cores/search";

// Media
export { uploadRoute, MAX_UPLOAD_BYTES } from "./routes/upload-route";
export type { UploadRouteConfig } from "./routes/upload-route";
export { mediaServeRoute } from "./routes/media-serve-route";
export { sniffImage, assertImageBytes, storeImage, deleteMedia, updateMediaText, findMediaReferences, resolveImageAlt } from "./cores/media";
export type { SniffResult, SniffedImage, ImageType, MediaReference } from "./cores/media";

// Settings, inline save, seed
export { readSettings, applyBlobSettingsPatch, readBlobSettings } from "./cores/settings";
export { CONFLICTS_HEADER } from "./routes/save-route";
export { runSeed } from "./cores/seed";

// The activity log
export { activityRoute } from "./routes/activity-route";
export type { ActivityRouteConfig } from "./routes/activity-route";
export { withActivity } from "./routes/activity-edge";
export { noteActivity } from "./shared/request-activity";
export { activityStatement, recordActivity, listActivity, parseActivityQuery, ACTIVITY_LIST_BOUNDS } from "./cores/activity";
export type { ActivityRecord, ActivityQuery } from "./cores/activity";
export { ACTIVITY_KINDS, UNKNOWN_ACCOUNT } from "./shared/activity";
export type { ActivityKind, ActivityEvent, ActivityActor, ActivityItem, ActivityPage, ActivityNoter } from "./shared/activity";

// Forms, inquiries, submissions, share links
export { MAX_FORM_BODY_BYTES } from "./routes/form-route";
export { issueFormToken, readFormToken, validateSubmission, TIMING_FIELD, TURNSTILE_FIELD, TURNSTILE_SITEVERIFY_URL } from "./cores/forms";
export { signWebhook, verifyWebhookSignature, WEBHOOK_SIGNATURE_HEADER } from "./cores/notify";
export { shareLinksRoute } from "./routes/share-links-route";
export type { ShareLinksRouteConfig } from "./routes/share-links-route";
export { SHARE_LINK_EXPIRY } from "./cores/share";

// Comments on a page (review on the page)
export { commentsRoute } from "./routes/comments-route";
export type { CommentsRouteConfig } from "./routes/comments-route";
export { roomComments } from "./objects/room-client";
export { mailMentions, parseNewThread, parseReply, parseThreadChange, MAX_COMMENT_BODY_BYTES } from "./cores/comments";
export type { CommentAction, CommentAnswer, MentionedEditor, MentionNotice, NewThreadInput, ReplyInput, ThreadChangeInput } from "./cores/comments";
export { COMMENTS_ROOT, MAX_COMMENT_TEXT, MAX_MENTIONS, isCommentId } from "./shared/review-comments";
export type { CommentThread, CommentReply, CommentResolution } from "./shared/review-comments";
export { createSlidingWindowLimiter, createDurableObjectLimiter } from "./cores/rate-limit";
export type { SlidingWindowLimiter, RateLimitRule, RateLimitDecision, RateLimiter, RateLimiterFactory } from "./cores/rate-limit";
