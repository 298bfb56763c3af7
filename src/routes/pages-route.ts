import type { Table } from "drizzle-orm";
import { assertCreateAccess, assertRecordAccess, assertRecordReadAccess, type ScopedCollection } from "../cores/access";
import type { CollectionConfig, CollectionField } from "../cores/collection";
import { richFieldsOf } from "../cores/collection";
import { applyCreate, directDraftWriter, readRecord, labelOf, type DraftWriter, type DraftWriterFor } from "../cores/drafts";
import { deleteRow, getRow, insertRow, listRows, updateRow } from "../cores/pages/page-store";
import { redirectRemovalStatement, type RedirectLive, type RedirectsConfig } from "../cores/pages/redirects";
import { DEFAULT_PAGE_FIELDS, DEFAULT_RICH_FIELDS, pickFields } from "../cores/pick-fields";
import { sanitizeRichHtml } from "../cores/sanitize";
import { removeFromSearchIndex, syncSearchEntry } from "../cores/search";
import { ident, tableMeta, type TableMeta } from "../cores/table-meta";
import { coerceFields, validateFields } from "../cores/validate-fields";
import { isScoped } from "../shared/access-scope";
import { HttpError, LouiseValidationError } from "../shared/errors";
import type { EditorRoute, EditorRouteEnv } from "../shared/route-types";
import { assertPublisher } from "../shared/publish-privilege";
import type { EditorSession, ResolveEditor } from "../shared/session";
import { LIST_BOUNDS, versionEtag } from "../shared/write-input";
import { readJsonObject } from "./body";
import { draftDepsFor, saveDraftResponse } from "./draft-save";
import { guardEditorRead } from "./editor-read";
import { guardEditor } from "./guard";
import { json, noContent } from "./json";
import { matchPath } from "./match-path";
import { readPaging } from "./paging";
import { assertMethod, parseId, withErrorEdge } from "./run-editor-route";
import { activityTarget } from "./activity-edge";
import type { RecordActivityKind } from "../shared/activity";
import { noteActivity } from "../shared/request-activity";

/** What the `validate` hook sees besides the data. */
export interface PageValidateContext<Env> {
  /** `draft` when a PATCH of a versioned collection is saved as a draft (the partial edit). */
  operation: "create" | "update" | "draft";
  /** The row being updated (absent on create). */
  existing?: Record<string, unknown>;
  env: Env;
  session: EditorSession;
}

export interface PagesRouteConfig<Env extends EditorRouteEnv = EditorRouteEnv> {
  /** The site's Drizzle table of pages. */
  table: Table;
  resolveEditor: ResolveEditor<Env>;
  /** Declared field types; without it, types come from the table (JSON columns are `json`, others `text`). */
  collection?: CollectionConfig;
  /** Writable fields; default `DEFAULT_PAGE_FIELDS`. Anything else in a body is dropped. */
  fields?: readonly string[];
  /** Fields holding rich HTML; default the collection's `richtext` fields, else `DEFAULT_RICH_FIELDS`. */
  richFields?: readonly string[];
  /** Runs after allowlisting and before the write; throw `LouiseValidationError` to reject with 422. */
  validate?: (data: Record<string, unknown>, ctx: PageValidateContext<Env>) => void | Promise<void>;
  /** Media base for the strict media rule (a string, or read from env, e.g. `(env) => env.MEDIA_URL`). */
  mediaBase?: string | ((env: Env) => string | undefined);
  /** Tables whose rows point at a page and go with it on delete, e.g. `{ table: pagesVersions, column: "parentId" }`. */
  children?: { table: Table; column: string }[];
  /** Where publish keeps renamed records' old addresses (`{ table: pageRedirects, field: "slug" }`): a delete removes those that lead to the deleted record. */
  redirects?: RedirectsConfig;
  /** Told once a delete has committed (a site's edge cache purges what the record showed on); must not throw. */
  deleted?: (env: Env, id: number) => Promise<void>;
  /**
   * The collection's `<slug>_versions` table. With a drafts collection (`versions.drafts`), a PATCH
   * then saves a draft through it (the live row changes only on publish); without it, PATCH of a
   * drafts collection needs the publish privilege.
   */
  versionsTable?: Table;
  /** Who writes those drafts; default the cores (`createCms` hands in its rooms' writer). */
  writer?: DraftWriterFor<Env>;
  /** Mount point; default `/api/cms/pages`. */
  basePath?: string;
}

/**
 * Pages CRUD: `GET/POST {basePath}`, `GET/PATCH/DELETE {basePath}/:id`. Mount `versionsRoute` and
 * `searchRoute` before it: `/:id` would otherwise claim their paths.
 *
 * For a collection with drafts, visitors see only what a publisher published: PATCH saves a draft
 * (answered like `POST …/:id/versions`: 201 `{ versionId, snapshot }`) when `versionsTable` is
 * given, else it needs the publish privilege; DELETE needs the publish privilege. A created page
 * has no published version, so visitors do not see it until it is published; with `versionsTable`
 * its content is stored as its first pending version (publish right after create works). A read of
 * a record with versions carries the version it shows as its `ETag`; PATCH takes it as `If-Match`.
 *
 * @example
 * const route = pagesRoute({ table: pages, collection: pagesCollection, resolveEditor });
 */
export function pagesRoute<Env extends EditorRouteEnv>(config: PagesRouteConfig<Env>): EditorRoute<Env> {
  const basePath = config.basePath ?? "/api/cms/pages";
  const meta = tableMeta(config.table);
  const fields = config.fields ?? DEFAULT_PAGE_FIELDS;
  const types = fieldTypes(meta, fields, config.collection);
  const richFields = config.richFields ?? (config.collection ? richFieldsOf(config.collection) : DEFAULT_RICH_FIELDS);
  const children = (config.children ?? []).map((c) => ({ meta: tableMeta(c.table), column: c.column }));
  const redirectsTo = redirectsOf(meta, config.redirects);
  const versioned = config.collection?.versions?.drafts === true;
  const slug = config.collection?.slug ?? meta.name;
  const noteRecordActivity = (request: Request, kind: RecordActivityKind, event: { recordId: number; versionId?: number; detail?: { title?: string; slug?: string; fields?: string[] } }) =>
    noteActivity(request, { kind, collection: slug, ...event });
  const validate = config.validate;
  // What the scope rule knows of this collection: its registry name (the table's without one) and address rule.
  const scoped: ScopedCollection = config.collection ?? { slug: meta.name };
  const drafts =
    versioned && config.collection && config.versionsTable
      ? {
          table: config.table,
          versionsTable: config.versionsTable,
          config: config.collection,
          ...(config.mediaBase ? { mediaBase: config.mediaBase } : {}),
          ...(validate ? { validate: (data: Record<string, unknown>, ctx: { env: Env; session: EditorSession }) => validate(data, { ...ctx, operation: "draft" }) } : {}),
        }
      : null;

  // Draft deps are built only for the direct writer: a handed-in writer (the room) has its own.
  const writerOf = (routeDeps: NonNullable<typeof drafts>, env: Env, session: EditorSession): DraftWriter =>
    config.writer ? config.writer(env, routeDeps.config.slug) : directDraftWriter(env, draftDepsFor(routeDeps, env, session));
  const mediaBaseOf = (env: Env) => (typeof config.mediaBase === "function" ? config.mediaBase(env) : config.mediaBase);
  const readBody = async (request: Request, env: Env) => {
    const mediaBase = mediaBaseOf(env);
    const body = await readJsonObject(request);
    return coerceFields(pickFields(body, fields, richFields, (html) => sanitizeRichHtml(html, mediaBase ? { mediaBase } : {})).data, types);
  };

  const check = async (data: Record<string, unknown>, ctx: PageValidateContext<Env>) => {
    const violations = validateFields(data, types, ctx.operation, { mediaBase: mediaBaseOf(ctx.env) });
    if (violations.length > 0) throw new LouiseValidationError(violations);
    await config.validate?.(data, ctx);
  };

  // The session check and the read reach D1 in one batch; a bad id still answers after the session.
  const readOne = async (request: Request, env: Env, rawId: string | undefined): Promise<Response> => {
    let id = 0;
    const { session, value: read } = await guardEditorRead(request, env, config.resolveEditor, env.DB, async (db) => {
      id = parseId(rawId);
      if (drafts) return readRecord(db, drafts, id);
      const row = await getRow(db, meta, id);
      return row && { row, versionId: null };
    });
    if (!read) throw notFound(id);
    // A record's draft is read only within scope (a translator's takes in the sources); the list still shows every record.
    assertRecordReadAccess(session, scoped, read.row);
    return json(read.row, read.versionId === null ? {} : { headers: { etag: versionEtag(read.versionId) } });
  };

  return withErrorEdge<Env>(async (request, env) => {
    const { pathname } = new URL(request.url);
    if (matchPath(basePath, pathname)) {
      assertMethod(request, ["GET", "POST"]);
      if (request.method === "GET") {
        const list = await guardEditorRead(request, env, config.resolveEditor, env.DB, (db) => {
          const url = new URL(request.url);
          // A translated collection's list of one locale (localeRoute has checked the code).
          const locale = meta.columns.locale ? url.searchParams.get("locale") : null;
          return listRows(db, meta, readPaging(url, LIST_BOUNDS), locale === null ? undefined : { property: "locale", value: locale });
        });
        return json(list.value);
      }
      const session = await guardEditor(request, env, config.resolveEditor);
      const data = await readBody(request, env);
      // A scoped account creates only within its scope: the new record's address included.
      assertCreateAccess(session, scoped, data);
      await check(data, { operation: "create", env, session });
      if (!drafts) {
        const row = await insertRow(env.DB, meta, data);
        noteRecordActivity(request, "record.created", { recordId: Number(row.id), detail: labelOf(row) });
        return json(row, { status: 201 });
      }
      const created = await applyCreate(env, drafts, session, data);
      noteRecordActivity(request, "record.created", { recordId: Number(created.row.id), versionId: created.versionId, detail: labelOf(created.row) });
      return json(created.row, { status: 201, headers: { etag: versionEtag(created.versionId) } });
    }
    const params = matchPath(`${basePath}/:id`, pathname);
    if (!params) return undefined;
    assertMethod(request, ["GET", "PATCH", "DELETE"]);
    if (request.method === "GET") return readOne(request, env, params.id);
    const session = await guardEditor(request, env, config.resolveEditor);
    const id = parseId(params.id);
    if (request.method === "DELETE") {
      if (versioned) assertPublisher(session, "deleting a page of a versioned collection");
      await assertRowAccess(env.DB, meta, scoped, session, id);
      const before = redirectsTo ? [redirectRemovalStatement(env.DB, redirectsTo.config, redirectsTo.live, id)] : [];
      if (!(await deleteRow(env.DB, meta, id, children, before))) throw notFound(id);
      if (config.collection?.search) await removeFromSearchIndex(env.DB, config.collection, id);
      // Editors still in the record's room are told at once, and the room stops writing drafts of it.
      if (drafts) await writerOf(drafts, env, session).recordDeleted(id);
      await config.deleted?.(env, id);
      noteRecordActivity(request, "record.deleted", { recordId: id });
      return noContent();
    }
    if (drafts) {
      return saveDraftResponse(writerOf(drafts, env, session), env, drafts.config, session, id, {
        edit: await readJsonObject(request),
        ifMatch: request.headers.get("if-match"),
        activity: activityTarget(request, drafts.config.slug),
      });
    }
    if (versioned) assertPublisher(session, "changing the live row of a versioned collection");
    const data = await readBody(request, env);
    const existing = await found(getRow(env.DB, meta, id), id);
    assertRecordAccess(session, scoped, existing, data);
    await check(data, { operation: "update", existing, env, session });
    const updated = await found(updateRow(env.DB, meta, id, data), id);
    // A PATCH of a published page changes what search must find.
    if (config.collection?.search) await syncSearchEntry(env.DB, { table: config.table, config: config.collection }, id);
    noteRecordActivity(request, "record.updated", { recordId: id, detail: { ...labelOf(updated), fields: Object.keys(data) } });
    return json(updated);
  });
}

/* The scope rule on a stored row, read only when the session is scoped (a missing row passes to its 404). */
async function assertRowAccess(db: D1Database, meta: TableMeta, scoped: ScopedCollection, session: EditorSession, id: number): Promise<void> {
  if (!isScoped(session.access?.scope)) return;
  const row = await getRow(db, meta, id);
  if (row) assertRecordAccess(session, scoped, row);
}

async function found(row: Promise<Record<string, unknown> | null>, id: number): Promise<Record<string, unknown>> {
  const value = await row;
  if (!value) throw notFound(id);
  return value;
}

/* The live table's names a delete's redirect cleanup reads the record's address through. */
function redirectsOf(meta: TableMeta, config: RedirectsConfig | undefined): { config: RedirectsConfig; live: RedirectLive } | null {
  if (!config) return null;
  const address = meta.columns[config.field];
  if (!address) throw new TypeError(`pagesRoute: redirects.field ${config.field} is not a column of ${meta.name}`);
  const locale = meta.columns.locale;
  return { config, live: { L: ident(meta.name), pk: ident(meta.columns[meta.primaryKey]!.name), address: ident(address.name), locale: locale && ident(locale.name) } };
}

function notFound(id: number): HttpError {
  return new HttpError(404, `page ${id} not found`, { code: "not_found" });
}

function fieldTypes(meta: TableMeta, fields: readonly string[], collection?: CollectionConfig): Record<string, CollectionField> {
  const types: Record<string, CollectionField> = {};
  for (const name of fields) {
    const column = meta.columns[name];
    if (!column) throw new TypeError(`pagesRoute: field ${name} is not a column of ${meta.name}`);
    types[name] = collection?.fields[name] ?? { type: column.json ? "json" : "text", required: column.notNull && !column.hasDefault };
  }
  return types;
}
