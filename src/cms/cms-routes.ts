import type { Table } from "drizzle-orm";
import type { MediaReferenceTarget } from "../cores/media";
import type { SeedStep } from "../cores/seed";
import { settingsMediaReferences, type SettingsConfig } from "../cores/settings";
import { rowExists } from "../cores/pages/page-store";
import { assertStoredRecordAccess } from "../cores/access";
import { tableMeta } from "../cores/table-meta";
import { apiNotFoundRoute } from "../routes/api-not-found-route";
import { composeRoutes } from "../routes/compose-routes";
import { formRoute, type FormRouteConfig } from "../routes/form-route";
import { inquiriesRoute } from "../routes/inquiries-route";
import { mediaRoute } from "../routes/media-route";
import { mediaServeRoute } from "../routes/media-serve-route";
import { pageListRoute } from "../routes/page-list-route";
import { pagesRoute } from "../routes/pages-route";
import { roomRoute } from "../routes/room-route";
import { saveRoute } from "../routes/save-route";
import { searchRoute } from "../routes/search-route";
import { seedRoute } from "../routes/seed-route";
import { shareLinksRoute } from "../routes/share-links-route";
import { settingsRoute } from "../routes/settings-route";
import { submissionsRoute } from "../routes/submissions-route";
import { uploadRoute } from "../routes/upload-route";
import { suggestionsRoute } from "../routes/suggestions-route";
import { versionsRoute } from "../routes/versions-route";
import type { EditorRoute, EditorRouteEnv } from "../shared/route-types";
import type { ResolveEditor } from "../shared/session";
import type { FieldDef } from "../shared/field-def";
import type { SessionRouteOptions } from "../auth/session-route";
import { media as mediaTable } from "../tables/media";
import { shareLinks as shareLinksTable } from "../tables/share-links";
import { draftWriterFor, flushUnflushedRooms, missingPageRoom, roomComments } from "../objects/room-client";
import { exportRoute } from "../routes/export-route";
import { withErrorEdge } from "../routes/run-editor-route";
import { healthRoute } from "../routes/health-route";
import { withRequestLog } from "../routes/request-log-edge";
import { withActivity } from "../routes/activity-edge";
import { activityRoute } from "../routes/activity-route";
import { commentsRoute } from "../routes/comments-route";
import type { ReviewLimitOptions } from "../routes/review-limit";
import { peopleRoute } from "../auth/people-route";
import type { RateLimitRule } from "../cores/rate-limit";
import type { Mailer } from "../cores/notify/mailer";
import type { LogSink } from "../shared/request-log";
import { cmsHealthChecks } from "./cms-health";
import { DEFAULT_ROOM_LIMITS, type RoomLimits } from "../objects/room-config";
import { editorNames } from "../auth/editor-store";
import { explainFailure, expectTables } from "../cores/explain-failure";
import type { InlinePath } from "./cms-collection";
import { signInRoutes, type CmsTeamOptions } from "./cms-sign-in";
import { declaredTables } from "./cms-tables";
import { cmsMarker, loadPageView, type CmsPageView } from "./cms-view";
import { createEdgeCache, purgingSettings, type EdgeCache, type EdgeCacheConfig } from "./edge-cache";
import { buildRegistry, mediaBaseOf, type CmsCollections, type CmsFieldName, type CmsRegistry, type RegisteredCollection } from "./cms-registry";
import { resolveLanguages, type CmsLanguagesConfig } from "./cms-languages";
import { localeRoute } from "../routes/locale-route";
import type { Languages } from "../shared/locales";

/** Bindings the toolkit reads by name; a site's own `Env` extends this. */
export interface CmsEnv extends EditorRouteEnv {
  /** The `PageRoom` namespace: live editing, and REST draft writes serialized through the room. */
  PAGE_ROOM?: DurableObjectNamespace;
  /** Signs the session cookie of the built-in sign-in (at least 32 characters). */
  CMS_SESSION_SECRET?: string;
  /** `RateLimitObject` namespace: the built-in sign-in counts attempts here, atomically. */
  RATE_LIMIT?: DurableObjectNamespace;
}

/** Who is an editor: the built-in sign-in (`{ signIn: { … } }`, the default) or the site's own resolver. */
export type CmsAuth<Env> = { resolveEditor: ResolveEditor<Env> } | { signIn: SessionRouteOptions };

/** Everything a site declares once; see `createCms`. */
export interface CmsConfig<Env extends CmsEnv, C extends CmsCollections> extends CmsLanguagesConfig {
  collections: C;
  /** The rooms' limits (settle, maximum wait, sizes); the health check reads the maximum wait. */
  rooms?: { limits?: Partial<RoomLimits> };
  /** Default: the built-in sign-in (`sql/core.sql`'s `editors`, `POST /api/cms/session`). */
  auth?: CmsAuth<Env>;
  /** The media library and uploads (`sql/media.sql`); public files under `servePath` (default `/media`). */
  media?: { registry?: Table; references?: readonly MediaReferenceTarget[] };
  /** The settings singleton (`sql/settings.sql`). */
  settings?: SettingsConfig<Env>;
  /** What `POST /api/cms/seed` makes sure exists. */
  seed?: readonly SeedStep[];
  /** Public forms (`sql/forms.sql` for the shared submissions table). */
  forms?: FormRouteConfig<Env>;
  /** Review lists: the `inquiries` table and the shared `submissions` table. */
  reviews?: { inquiries?: Table; submissions?: Table };
  /**
   * Share links of drafts (`sql/share-links.sql`), signed with a key derived from
   * `CMS_SESSION_SECRET`: `/api/cms/share-links` for publishers. `viewPath` is where the site shows
   * a shared draft (default `/share`; the site renders it, see `openSharedRecord`). `collections`
   * names the collections whose drafts the site renders there (default: every collection with
   * drafts); a link to any other is refused, since it would open a 404.
   */
  shareLinks?: { table?: Table; viewPath?: string; collections?: readonly (keyof C & string)[] };
  /**
   * Where request logs go: one JSON line per write and one per failure's cause (see
   * `docs/contract.md`, "Request logs"); default `console` (Workers Logs).
   */
  log?: LogSink;
  /** `GET /api/cms/health`'s rate limit per client address; default 30 a minute. */
  health?: { limit?: RateLimitRule };
  /**
   * The Team panel's routes (built-in sign-in only): the mailer of invite and reset links (default
   * the forms' mailer) and their rate limits.
   */
  team?: CmsTeamOptions<Env>;
  /**
   * Visitors' pages from the edge (`src/cms/edge-cache.ts`): with it, every publish, unpublish
   * (REST, the room, a scheduled publish, the service binding), settings write and seed purges
   * what it changed, and `cms.edge.serve` answers the site's public pages from the Cache API.
   */
  edgeCache?: EdgeCacheConfig<Env>;
  /**
   * Comments and suggestions: the review writes (add, reply, edit, resolve, delete, accept, reject)
   * each editor may make per window, over REST and the service binding; default 60 a minute
   * (429 `rate_limited` past it).
   */
  review?: ReviewLimitOptions;
}

/** What `cmsRoutes` builds: handlers in mount order, the resolver they share, and the registry. */
export interface CmsRoutes<Env extends CmsEnv, C extends CmsCollections = CmsCollections> {
  /** Rooms, `/api/cms/*` and public media in one handler; `undefined` for any other path. */
  route: EditorRoute<Env>;
  /** The editor resolver every route uses; the site's pages decide edit mode with it too. */
  resolveEditor: ResolveEditor<Env>;
  registry: CmsRegistry;
  /** The edge cache of `edgeCache`, or `null` without one: the site serves its public pages through `edge.serve`. */
  edge: EdgeCache<Env> | null;
  /**
   * One record as its page shows it: edit mode (the newest pending draft) for an editor, the
   * published live row for a visitor; `null` for a 404. See `loadPageView`. The collection is one
   * of the site's (a typo does not compile). A missing table or binding throws a 503
   * `MisconfiguredError` naming the fix (answer it with `error.toResponse()`).
   */
  view(request: Request, env: Env, collection: keyof C & string, id: number): Promise<CmsPageView | null>;
  /**
   * `cmsMarker` checked against the declaration: the collection is one of the site's and the field
   * (or a dotted path into it) one of its declared fields, so a typo does not compile.
   *
   * @example
   * `<h1${view.editor ? cms.marker("posts", id, "title") : ""}>`
   */
  marker<K extends keyof C & string>(collection: K, key: string | number, field: InlinePath<CmsFieldName<C, K>>, type?: "richtext" | "image" | FieldDef): string;
}

/**
 * The site's mailer of people (invites, resets, comment mentions): the Team panel's, else the
 * forms'. REST and the service binding mail mentions through the same one.
 *
 * @example
 * const mailer = mentionMailer(config)?.(env);
 */
export function mentionMailer<Env extends CmsEnv, C extends CmsCollections>(config: Pick<CmsConfig<Env, C>, "team" | "forms">): ((env: Env) => Mailer | undefined) | undefined {
  return config.team?.mailer ?? config.forms?.mailer;
}

/**
 * The runtime-neutral half of `createCms`: every route of the site's declaration, mounted in the
 * order the contract needs (a collection's versions and search before its `/:id` CRUD), each
 * collection at `/api/cms/<slug>`. This is where the writer is chosen: writes of a drafts
 * collection go through the record's room when the env has `PAGE_ROOM` (`draftWriterFor` of
 * `src/objects/room-client.ts`, handed to every route), else straight to D1.
 *
 * @example
 * const { route, resolveEditor } = cmsRoutes({ collections: { pages: pagesCollection } });
 */
export function cmsRoutes<Env extends CmsEnv, C extends CmsCollections>(config: CmsConfig<Env, C>): CmsRoutes<Env, C> {
  const registry = buildRegistry(config.collections, resolveLanguages(config));
  const auth = config.auth ?? { signIn: {} };
  const teamMailer = mentionMailer(config);
  const team: CmsTeamOptions<Env> = { ...config.team, ...(teamMailer ? { mailer: teamMailer } : {}) };
  const signIn = "signIn" in auth ? signInRoutes<Env>(auth.signIn, team) : null;
  const resolveEditor = signIn ? signIn.resolveEditor : (auth as { resolveEditor: ResolveEditor<Env> }).resolveEditor;
  const mediaBase = (env: Env) => mediaBaseOf(env);
  const edge = config.edgeCache ? createEdgeCache<Env>(config.edgeCache) : null;
  const settings = purgingSettings(config.settings, edge);

  const api: EditorRoute<Env>[] = [];
  if (signIn) api.push(signIn.route, peopleRoute<Env>({ resolveEditor }));
  // Before the collections: a collection's list at `/api/cms/<slug>` must not claim the export.
  api.push(exportRoute<Env>({ resolveEditor, flushRooms: flushUnflushedRooms }));
  // With the built-in sign-in, version lists name their authors from the `editors` table.
  const authorNames = signIn ? (env: Env, ids: readonly string[]) => editorNames(env.DB, ids) : undefined;
  for (const entry of registry.collections) api.push(...collectionRoutes(entry, resolveEditor, mediaBase, authorNames, { edge, reviewLimit: config.review?.limit, languages: registry.languages }));
  // Comments live in each record's room, so only collections with drafts (rooms) take them.
  if (registry.roomSlugs.length > 0) api.push(commentsRoute<Env>({ resolveEditor, collections: registry.roomSlugs, run: roomComments, ...(teamMailer ? { mailer: teamMailer } : {}), ...(config.review?.limit ? { limit: config.review.limit } : {}) }));
  if (config.media) {
    const registryTable = config.media.registry ?? mediaTable;
    api.push(uploadRoute<Env>({ resolveEditor, registry: registryTable }));
    const settingsImages = settings ? settingsMediaReferences(settings) : null;
    const references = config.media.references ?? [...registry.mediaReferences, ...(settingsImages ? [settingsImages] : [])];
    api.push(mediaRoute<Env>({ table: registryTable, resolveEditor, references }));
  }
  if (settings) api.push(settingsRoute<Env>({ ...settings, resolveEditor }));
  const saveCollections = registry.saveCollections<Env>();
  if (Object.keys(saveCollections).length > 0) api.push(saveRoute<Env>({ collections: saveCollections, mediaBase, resolveEditor, writer: draftWriterFor }));
  // A seed writes the settings every page shows: the whole site is purged.
  if (config.seed) api.push(seedRoute<Env>({ resolveEditor, steps: config.seed, ...(edge ? { changed: (env: Env) => edge.purge(env, "all") } : {}) }));
  api.push(activityRoute<Env>({ resolveEditor }));
  if (config.forms) api.push(formRoute<Env>(config.forms));
  if (config.reviews?.inquiries) api.push(inquiriesRoute<Env>({ table: config.reviews.inquiries, resolveEditor }));
  if (config.reviews?.submissions) api.push(submissionsRoute<Env>({ table: config.reviews.submissions, resolveEditor }));
  if (config.shareLinks) {
    api.push(shareLinksRoute<Env>({
      table: config.shareLinks.table ?? shareLinksTable,
      resolveEditor,
      collections: sharedCollections(config.shareLinks.collections, registry.roomSlugs),
      exists: (env, { collection, id }) => recordExists(env, { collection, id }),
      assertAccess: async (env, session, { collection, id }) => {
        const deps = registry.draftDeps(collection, undefined);
        if (deps) await assertStoredRecordAccess(env.DB, deps, session, id);
      },
      ...(config.shareLinks.viewPath ? { viewPath: config.shareLinks.viewPath } : {}),
    }));
  }

  const tables = declaredTables({
    registry,
    signIn: signIn !== null,
    ...(config.media ? { media: config.media.registry ?? mediaTable } : {}),
    settings: config.settings?.table,
    forms: [config.forms?.genericTable, ...(config.forms?.forms.map((form) => form.table) ?? [])],
    reviews: [config.reviews?.inquiries, config.reviews?.submissions],
    shareLinks: config.shareLinks ? (config.shareLinks.table ?? shareLinksTable) : undefined,
    activity: true,
    roomTables: registry.roomSlugs.length > 0,
  });
  const health = healthRoute<Env>({
    resolveEditor,
    checks: cmsHealthChecks({
      registry,
      tables,
      signIn: signIn !== null,
      media: config.media !== undefined,
      forms: config.forms?.forms ?? [],
      maxWaitMs: config.rooms?.limits?.maxWaitMs ?? DEFAULT_ROOM_LIMITS.maxWaitMs,
    }),
    ...(config.health?.limit ? { limit: config.health.limit } : {}),
  });
  const composed = composeRoutes<Env>(
    // Before the rooms' binding check: health names a missing PAGE_ROOM rather than answering its 503.
    health,
    ...(registry.roomSlugs.length > 0 ? [roomsBound<Env>(registry.roomSlugs)] : []),
    roomRoute<Env>({ resolveEditor, collections: registry.roomSlugs, exists: (env, address) => recordExists(env, address) }),
    ...api,
    apiNotFoundRoute<Env>("/api/cms"),
    ...(config.media ? [mediaServeRoute<Env>()] : []),
  );
  const route = withRequestLog<Env>(withActivity<Env>(composed), { log: config.log, collections: registry.collections.map((entry) => entry.slug) });
  expectTables(tables);
  const recordExists = async (env: Env, { collection, id }: { collection: string; id: number }) => {
    const entry = registry.get(collection);
    return entry !== undefined && rowExists(env.DB, tableMeta(entry.declared.table), id);
  };
  const view = async (request: Request, env: Env, collection: keyof C & string, id: number) => {
    const entry = registry.get(collection);
    try {
      return entry ? await loadPageView(request, env, { entry, resolveEditor, languages: registry.languages }, id) : null;
    } catch (caught) {
      throw await explainFailure(env, caught);
    }
  };
  // A top-level field's marker carries its declaration, so the client builds the editor that fits it.
  const marker: CmsRoutes<Env, C>["marker"] = (collection, key, field, type) =>
    cmsMarker(collection, key, field, type ?? declaredField(registry, collection, field));
  return { route, resolveEditor, registry, edge, view, marker };
}

function collectionRoutes<Env extends CmsEnv>(
  entry: RegisteredCollection,
  resolveEditor: ResolveEditor<Env>,
  mediaBase: (env: Env) => string | undefined,
  authorNames: ((env: Env, ids: readonly string[]) => Promise<ReadonlyMap<string, string>>) | undefined,
  { edge, reviewLimit, languages }: { edge: EdgeCache<Env> | null; reviewLimit: RateLimitRule | undefined; languages: Languages | null },
): EditorRoute<Env>[] {
  const { slug, declared, config } = entry;
  const basePath = `/api/cms/${slug}`;
  const routes: EditorRoute<Env>[] = [];
  if (declared.versionsTable && config.versions?.drafts) {
    // The room writes with the registry's deps: the route is handed no second configuration of them.
    routes.push(versionsRoute<Env>({
      table: declared.table,
      versionsTable: declared.versionsTable,
      config,
      resolveEditor,
      basePath,
      writer: draftWriterFor,
      ...(authorNames ? { authorNames } : {}),
    }));
    routes.push(suggestionsRoute<Env>({ config, resolveEditor, writer: draftWriterFor, basePath, ...(reviewLimit ? { limit: reviewLimit } : {}) }));
    routes.push(pageListRoute<Env>({ deps: { table: declared.table, versionsTable: declared.versionsTable, config }, resolveEditor, writer: draftWriterFor, basePath, sourcesOnly: entry.localized !== null, ...(entry.localized && languages ? { languages } : {}) }));
  }
  if (entry.searchCache) routes.push(searchRoute<Env>({ table: declared.table, config, resolveEditor, basePath, cache: entry.searchCache, languages: entry.localized ? languages : null }));
  routes.push(pagesRoute<Env>({
    table: declared.table,
    collection: config,
    fields: Object.keys(declared.fields),
    resolveEditor,
    mediaBase,
    basePath,
    writer: draftWriterFor,
    // With drafts on, a PATCH saves a draft (through the record's room), like POST …/versions.
    ...(declared.versionsTable ? { children: [{ table: declared.versionsTable, column: "parentId" }], versionsTable: declared.versionsTable } : {}),
    ...(declared.redirects ? { redirects: declared.redirects } : {}),
    ...(edge ? { deleted: (env: Env, id: number) => edge.purgeChange(env, slug, { id, before: null, after: null, deleted: true }) } : {}),
    validate: (data, { operation, env }) => entry.validate(data, { operation, mediaBase: mediaBase(env) }),
  }));
  // A translated collection's `?locale=` addresses a translation, so it is read before every record route.
  if (entry.localized && languages && declared.versionsTable) {
    return [localeRoute<Env>({ table: declared.table, versionsTable: declared.versionsTable, config, languages, shared: entry.localized.shared, resolveEditor, basePath, records: composeRoutes<Env>(...routes) })];
  }
  return routes;
}

/**
 * A site that declares drafts is told at its first request when the Worker lacks `PAGE_ROOM`: every
 * `/api/cms/*` and room request answers 503 `misconfigured` with the lines to add (logged once per
 * isolate), rather than some writes failing later or drafts finding a second writer.
 */
function roomsBound<Env extends CmsEnv>(collections: readonly string[]): EditorRoute<Env> {
  return withErrorEdge<Env>((request, env) => {
    if (env.PAGE_ROOM !== undefined) return undefined;
    const { pathname } = new URL(request.url);
    if (pathname.startsWith("/api/cms/") || pathname.startsWith("/parties/")) throw missingPageRoom(collections);
    return undefined;
  });
}

function declaredField(registry: CmsRegistry, collection: string, field: string): FieldDef | undefined {
  const declared = registry.get(collection)?.config.fields;
  const def = declared && Object.hasOwn(declared, field) ? declared[field] : undefined;
  return def && def.type !== "json" ? def : undefined;
}

/** The collections share links may name: the declared ones, each a collection with drafts (a start-up error otherwise). */
function sharedCollections(declared: readonly string[] | undefined, drafts: readonly string[]): readonly string[] {
  if (declared === undefined) return drafts;
  for (const slug of declared) {
    if (!drafts.includes(slug)) throw new TypeError(`shareLinks.collections: ${slug} is not a collection with drafts, so it has no draft to share`);
  }
  return declared;
}
