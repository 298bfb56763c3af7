/*
 * "cms-toolkit": the editing backend. Explicit named exports only, so the public surface is
 * exactly what this file lists (the README's export table mirrors it).
 */

// Errors and shared types
export { HttpError, LouiseValidationError, isHttpError } from "./shared/errors";
export type { Violation } from "./shared/errors";
export type { EditorSession, ResolveEditor } from "./shared/session";
export type { EditorRoute, EditorRouteEnv } from "./shared/route-types";
export { parseFieldAddress, formatFieldAddress } from "./shared/field-address";
export type { FieldAddress } from "./shared/field-address";

// Route core
export { runEditorRoute, withErrorEdge, assertMethod, parseId } from "./routes/run-editor-route";
export { composeRoutes } from "./routes/compose-routes";
export { guardEditor, requireEditor, isSameOriginRequest, assertSameOrigin, isMutatingMethod } from "./routes/guard";
export { json, noContent } from "./routes/json";
export { matchPath } from "./routes/match-path";
export { readJsonObject, readBodyBytes, MAX_JSON_BODY_BYTES } from "./routes/body";
export { readPaging } from "./routes/paging";

// Tables and collections
export { ident, tableMeta, decodeRow } from "./cores/table-meta";
export type { TableMeta, ColumnMeta } from "./cores/table-meta";
export { defineCollection, richFieldsOf } from "./cores/collection";
export type { CollectionConfig, CollectionField, CollectionFieldType } from "./cores/collection";

// Pages
export { pagesRoute } from "./routes/pages-route";
export type { PagesRouteConfig, PageValidateContext } from "./routes/pages-route";
export { pickFields, DEFAULT_PAGE_FIELDS, DEFAULT_RICH_FIELDS } from "./cores/pick-fields";
export { validateFields } from "./cores/validate-fields";
export type { WriteOperation } from "./cores/validate-fields";
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
export type { InquiriesRouteConfig } from "./routes/inquiries-route";
export { submissionsRoute } from "./routes/submissions-route";
export type { SubmissionsRouteConfig } from "./routes/submissions-route";
export { createSlidingWindowLimiter } from "./cores/rate-limit";
export type { SlidingWindowLimiter, RateLimitRule, RateLimitDecision } from "./cores/rate-limit";
export { createSendEmailMailer, createHttpMailer, signWebhook, verifyWebhookSignature, WEBHOOK_SIGNATURE_HEADER } from "./cores/notify";
export type { Mailer, MailMessage } from "./cores/notify";
