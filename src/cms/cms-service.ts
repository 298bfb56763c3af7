import { assertRecordReadAccess, assertStoredRecordReadAccess } from "../cores/access";
import { withSourceSharedHistory } from "../cores/translations/shared-history";
import { WorkerEntrypoint } from "cloudflare:workers";
import type { Table } from "drizzle-orm";
import {
  cancelScheduleRequest, listPublished, listVersions, loadEditableDocument, publishRequest, unpublishRequest, readPublished, saveDraftRequest, type DraftDeps, type DraftWriter,
  type DraftWriterFor, type PublishResult, type ScheduledPublish, type ScheduleFailure, type VersionPage, type WrittenDraft,
} from "../cores/drafts";
import type { CollectionConfig } from "../cores/collection";
import { searchPublished, type SearchHit } from "../cores/search";
import { applySettingsPatch, readSettings, type SettingsConfig, type SettingsPatchResult } from "../cores/settings";
import { explainFailure } from "../cores/explain-failure";
import { parseNewThread, parseReply, runComment, type CommentAction } from "../cores/comments";
import type { Mailer } from "../cores/notify/mailer";
import type { RateLimitRule } from "../cores/rate-limit";
import { assertReviewBudget } from "../routes/review-limit";
import { roomComments } from "../objects/room-client";
import { isCommentId, type CommentThread } from "../shared/review-comments";
import { HttpError } from "../shared/errors";
import { isEditorSession } from "../shared/room-identity";
import { roomResult, type RoomResult } from "../shared/room-result";
import type { EditorSession } from "../shared/session";
import type { SettledSuggestions, SettleTarget, SuggestionDecision, SuggestionView } from "../shared/review-suggestions";
import { noteSettled, readDecision, settleTarget } from "../routes/suggestions-input";
import { isPositiveId, LIST_BOUNDS, pageCursor, pageLimit, positiveId, SEARCH_BOUNDS } from "../shared/write-input";
import { causeOf, logSinkOf, type LogSink } from "../shared/request-log";
import type { ActivityEvent, ActivityNoter } from "../shared/activity";
import { recordActivity } from "../cores/activity";
import type { CmsCollection } from "./cms-collection";
import { mediaBaseOf, type CmsCollections, type CmsRegistry } from "./cms-registry";
import type { CmsEnv } from "./cms-routes";
import { recordInLocale, translatedDocument, translationsOf, writeInLocale, type TranslatedDocument } from "./cms-service-languages";
import type { TranslationEntry } from "../cores/translations/translations";

/**
 * What every service method answers: `{ ok: true, value }` or `{ ok: false, status, error, code?,
 * details? }` with the status the REST route would have used (a 422 carries `details.violations`).
 * Errors are returned, not thrown, because a thrown error loses everything but its message on the
 * way across RPC.
 */
export type ServiceResult<T> = RoomResult<T>;

/** Slugs of a site's collections (a collection without drafts answers 404 at run time). */
export type DraftSlug<C extends CmsCollections> = keyof C & string;

/** A draft edit of collection `S`: some of its declared fields, with the column types of its table. */
export type DraftEdit<C extends CmsCollections, S extends keyof C> =
  C[S] extends CmsCollection<infer T extends Table, infer F> ? Partial<Pick<T["$inferSelect"], F & keyof T["$inferSelect"]>> : never;

/**
 * The RPC surface of a site's `CmsService`, typed by its collections. A calling Worker types its
 * binding with it directly, `CMS: CmsServiceApi<typeof collections>` (the `Service<…>` wrapper of
 * workers-types refuses the `unknown` of JSON columns and would turn the results into `never`).
 */
export interface CmsServiceApi<C extends CmsCollections> {
  /**
   * Edit mode's document (the newest pending draft over the row) and the version it is (`versionId`,
   * the base of the next save). Needs an editor session. `locale` reads the record's translation
   * into it (404 when none yet); a translation's shared fields are its source's, and `fallbacks`
   * names the fields read from another locale.
   */
  readPage(session: EditorSession, collection: DraftSlug<C>, id: number, options?: { locale?: string }): Promise<ServiceResult<TranslatedDocument>>;
  /** Every locale of a translated record's source with its status, as `GET …/:id/translations`. */
  listTranslations(session: EditorSession, collection: DraftSlug<C>, id: number): Promise<ServiceResult<{ source: number; translations: TranslationEntry[] }>>;
  /** What visitors see of one record (no session): its live row when published, else 404. Never a draft. */
  readPublished(collection: DraftSlug<C>, id: number): Promise<ServiceResult<Record<string, unknown>>>;
  /** Published records in id order (no session), paged like the list route: `{ items, next }`. */
  listPublished(collection: DraftSlug<C>, page?: { limit?: number; cursor?: number | null }): Promise<ServiceResult<{ items: Record<string, unknown>[]; next: string | null }>>;
  /** Published records, best first (no session); the same answers and cache as `search`. */
  searchPublished(collection: DraftSlug<C>, q: string, limit?: number): Promise<ServiceResult<SearchHit[]>>;
  listVersions(session: EditorSession, collection: DraftSlug<C>, id: number, page?: { limit?: number; cursor?: number | null }): Promise<ServiceResult<VersionPage & { scheduled: ScheduledPublish | null; scheduleFailed: ScheduleFailure | null; openSuggestions: number }>>;
  /** The page's open suggestions, as `GET …/suggestions` lists them. */
  listSuggestions(session: EditorSession, collection: DraftSlug<C>, id: number): Promise<ServiceResult<{ suggestions: SuggestionView[] }>>;
  /** Accepts or rejects one suggestion (`{ id }`) or all (`{ all: true, author? }`), as `POST …/suggestions/…` does. */
  settleSuggestion(session: EditorSession, collection: DraftSlug<C>, id: number, decision: SuggestionDecision, target: SettleTarget): Promise<ServiceResult<SettledSuggestions>>;
  /** `locale` writes the record's translation into it, made from the source first when there is none yet (the answer then adds `{ id, locale, sourceId }`). */
  saveDraft<S extends DraftSlug<C>>(session: EditorSession, collection: S, id: number, edit: DraftEdit<C, S>, options?: { baseVersionId?: number; locale?: string }): Promise<ServiceResult<WrittenDraft & { id?: number; locale?: string; sourceId?: number }>>;
  publish(session: EditorSession, collection: DraftSlug<C>, id: number, options?: { versionId?: number | null; at?: string | null }): Promise<ServiceResult<PublishResult | { scheduled: ScheduledPublish }>>;
  cancelScheduledPublish(session: EditorSession, collection: DraftSlug<C>, id: number): Promise<ServiceResult<{ cancelled: boolean }>>;
  unpublish(session: EditorSession, collection: DraftSlug<C>, id: number): Promise<ServiceResult<{ page: Record<string, unknown> }>>;
  /** Published rows, best first, through the same published-generation cache as the collection's search route. */
  search(session: EditorSession, collection: DraftSlug<C>, q: string, limit?: number): Promise<ServiceResult<SearchHit[]>>;
  readSettings(session: EditorSession): Promise<ServiceResult<Record<string, unknown>>>;
  patchSettings(session: EditorSession, patch: Record<string, unknown>): Promise<ServiceResult<SettingsPatchResult>>;
  /** A page's comment threads as `GET …/comments` answers them (quotes and offsets as they read now). */
  listComments(session: EditorSession, collection: DraftSlug<C>, id: number): Promise<ServiceResult<CommentThread[]>>;
  /**
   * A new thread, as `POST …/comments` takes it (`{ field, from, to, text, mentions? }`, …). Each
   * person it mentions is mailed as over REST when the site has a mailer; `origin` is the site's,
   * for the link in the mail (without it the mail names the page's address alone).
   */
  addComment(session: EditorSession, collection: DraftSlug<C>, id: number, input: Record<string, unknown>, options?: { origin?: string }): Promise<ServiceResult<CommentThread>>;
  /** A reply to a thread, as `POST …/comments/:thread/replies` takes it (`{ text, mentions? }`), mailed like `addComment`: the thread. */
  addReply(session: EditorSession, collection: DraftSlug<C>, id: number, thread: string, input: Record<string, unknown>, options?: { origin?: string }): Promise<ServiceResult<CommentThread>>;
}

/** What `createCmsService` needs: the registry, the settings, and who writes drafts. */
export interface CmsServiceOptions<Env extends CmsEnv> {
  registry: CmsRegistry;
  settings?: SettingsConfig<Env>;
  /** Who writes drafts: `createCms` hands in its rooms' writer (through the record's room when `PAGE_ROOM` is bound). */
  writer: DraftWriterFor<Env>;
  /** Where each write's log line goes; default the isolate's sink (console). */
  log?: LogSink;
  /** Mails the people a comment mentions (`createCms` hands in the team's mailer); without one, mentions are only recorded. */
  mailer?: (env: Env) => Mailer | undefined;
  /** Review writes per editor per window, as over REST (`assertReviewBudget`); default 60 a minute. */
  reviewLimit?: RateLimitRule;
}

/** The class `createCmsService` returns: a `WorkerEntrypoint` with the site's typed RPC methods. */
export type CmsServiceClass<Env extends CmsEnv, C extends CmsCollections> = new (ctx: ExecutionContext, env: Env) => WorkerEntrypoint<Env> & CmsServiceApi<C>;

/**
 * Builds the service-binding entrypoint (Workers RPC) over a site's own collections. Every method
 * takes the caller's editor session, which the calling Worker vouches for (a service binding is
 * reachable only by Workers the account owner bound to it), and applies the same checks as the
 * REST routes: a well-formed session (401), the publish privilege for publish, unpublish and
 * scheduling (403), the same validation (422), an unknown collection or page (404). The
 * `…Published` reads need no session: they answer only what visitors see, never a draft.
 *
 * @example
 * export const CmsService = createCmsService<Env, typeof collections>({ registry });
 */
export function createCmsService<Env extends CmsEnv, C extends CmsCollections>(options: CmsServiceOptions<Env>): CmsServiceClass<Env, C> {
  const { registry, settings, writer, mailer: mailerOf, reviewLimit } = options;
  const log = logSinkOf(options.log);

  return class CmsService extends WorkerEntrypoint<Env> implements CmsServiceApi<C> {
    readPage(session: EditorSession, collection: DraftSlug<C>, id: number, options: { locale?: string } = {}) {
      return this.#run(session, async () => {
        const deps = this.#deps(collection);
        const target = (await recordInLocale(this.env.DB, deps, registry.languages, positiveId(id), options?.locale)).id ?? notFound(collection, id);
        const editable = (await loadEditableDocument(this.env.DB, deps, target)) ?? notFound(collection, id);
        // A draft is read only within the caller's scope, as over REST.
        assertRecordReadAccess(session, deps.config, editable.document);
        return translatedDocument(this.env.DB, deps, registry.languages, editable);
      });
    }

    listTranslations(session: EditorSession, collection: DraftSlug<C>, id: number) {
      return this.#run(session, () => translationsOf(this.env.DB, this.#deps(collection), registry.languages, session, positiveId(id)));
    }

    readPublished(collection: DraftSlug<C>, id: number) {
      return roomResult(async () => (await readPublished(this.env.DB, this.#deps(collection), positiveId(id))) ?? notFound(collection, id));
    }

    listPublished(collection: DraftSlug<C>, page: { limit?: number; cursor?: number | null } = {}) {
      return roomResult(async () => listPublished(this.env.DB, this.#deps(collection), { limit: pageLimit(page?.limit, LIST_BOUNDS), cursor: pageCursor(page?.cursor) }));
    }

    searchPublished(collection: DraftSlug<C>, q: string, limit: number = SEARCH_BOUNDS.defaultLimit) {
      return roomResult(() => this.#search(collection, q, limit));
    }

    listVersions(session: EditorSession, collection: DraftSlug<C>, id: number, page: { limit?: number; cursor?: number | null } = {}) {
      return this.#run(session, async () => {
        const deps = this.#deps(collection);
        const list = (await listVersions(this.env.DB, deps, positiveId(id), { limit: pageLimit(page?.limit, LIST_BOUNDS), cursor: pageCursor(page?.cursor) })) ?? notFound(collection, id);
        await assertStoredRecordReadAccess(this.env.DB, deps, session, positiveId(id));
        const cores = writer(this.env, collection);
        const [scheduled, scheduleFailed, openSuggestions] = await Promise.all([cores.scheduledPublish(id), cores.scheduleFailure(id), cores.openSuggestions(id)]);
        // A translation's history shows the source's shared fields, as over REST.
        return { ...(await withSourceSharedHistory(this.env.DB, deps, positiveId(id), list)), scheduled, scheduleFailed, openSuggestions };
      });
    }

    listSuggestions(session: EditorSession, collection: DraftSlug<C>, id: number) {
      return this.#run(session, () => this.#writer(collection).listSuggestions(session, positiveId(id)));
    }

    /* The same inputs as the route's (`suggestions-input.ts`); the room checks the rights under its lock. */
    settleSuggestion(session: EditorSession, collection: DraftSlug<C>, id: number, decision: SuggestionDecision, target: SettleTarget) {
      return this.#write("settleSuggestion", session, { collection, id }, async (note) => {
        const checked = readDecision(decision);
        await assertReviewBudget(this.env, session, reviewLimit);
        const one = target !== null && typeof target === "object" && "id" in target ? target.id : null;
        const body = one === null && target !== null && typeof target === "object" && "author" in target && target.author !== undefined ? { author: target.author } : {};
        const settled = await this.#writer(collection).settleSuggestions(session, positiveId(id), checked, settleTarget({ decision: checked, one }, body));
        return noteSettled(note, this.#drafted(collection).slug, positiveId(id), settled);
      });
    }

    /* Merged three ways into the live room against `baseVersionId` (the version the caller read); without it, live content it never saw stays. */
    saveDraft<S extends DraftSlug<C>>(session: EditorSession, collection: S, id: number, edit: DraftEdit<C, S>, options: { baseVersionId?: number; locale?: string } = {}) {
      return this.#write("saveDraft", session, { collection, id }, async (note) => {
        const save = (target: number, baseVersionId: number | undefined) =>
          saveDraftRequest(this.#writer(collection), this.#drafted(collection), session, target, { edit, baseVersionId, activity: { collection, note } });
        if (options?.locale === undefined) return save(id, options?.baseVersionId);
        const deps = this.#deps(collection);
        const target = await recordInLocale(this.env.DB, deps, registry.languages, positiveId(id), options.locale);
        return writeInLocale(this.env, deps, session, target, options.locale, save, options.baseVersionId);
      });
    }

    publish(session: EditorSession, collection: DraftSlug<C>, id: number, publish: { versionId?: number | null; at?: string | null } = {}) {
      return this.#write<PublishResult | { scheduled: ScheduledPublish }>("publish", session, { collection, id }, (note) =>
        publishRequest(this.#writer(collection), session, id, { versionId: publish?.versionId, at: publish?.at, activity: { collection, note } }),
      );
    }

    cancelScheduledPublish(session: EditorSession, collection: DraftSlug<C>, id: number) {
      return this.#write("cancelScheduledPublish", session, { collection, id }, (note) => cancelScheduleRequest(this.#writer(collection), session, id, { activity: { collection, note } }));
    }

    unpublish(session: EditorSession, collection: DraftSlug<C>, id: number) {
      return this.#write("unpublish", session, { collection, id }, (note) => unpublishRequest(this.#writer(collection), session, id, { activity: { collection, note } }));
    }

    search(session: EditorSession, collection: DraftSlug<C>, q: string, limit: number = SEARCH_BOUNDS.defaultLimit) {
      return this.#run(session, () => this.#search(collection, q, limit));
    }

    /* The route's options and cache: one answer and one staleness rule, whichever way a search comes in. */
    async #search(collection: string, q: string, limit: unknown): Promise<SearchHit[]> {
      const deps = this.#deps(collection);
      const cache = registry.get(collection)?.searchCache;
      if (!cache) throw new HttpError(404, `collection ${collection} has no search`, { code: "not_found" });
      if (typeof q !== "string" || q.trim() === "") throw new HttpError(400, "q must not be blank", { code: "invalid_query" });
      // A translated collection searches its default locale, as the route does without `?locale=`.
      const locale = registry.get(collection)?.localized ? registry.languages?.defaultLocale : undefined;
      return searchPublished(this.env.DB, { table: deps.table, config: deps.config, cache }, q, pageLimit(limit, SEARCH_BOUNDS), locale);
    }

    readSettings(session: EditorSession) {
      return this.#run(session, () => readSettings(this.env.DB, this.#settings()));
    }

    patchSettings(session: EditorSession, patch: Record<string, unknown>) {
      return this.#write("patchSettings", session, {}, (note) => applySettingsPatch(this.env, this.#settings(), session, patch, note));
    }

    listComments(session: EditorSession, collection: DraftSlug<C>, id: number) {
      return this.#run(session, async () => (await roomComments(this.env, this.#drafted(collection).slug, positiveId(id), session, { kind: "list" })).threads ?? []);
    }

    addComment(session: EditorSession, collection: DraftSlug<C>, id: number, input: Record<string, unknown>, options: { origin?: string } = {}) {
      return this.#write("addComment", session, { collection, id }, (note, requestId) => this.#comment(session, collection, id, { options, note, requestId }, { kind: "add", input: parseNewThread(objectOf(input)) }));
    }

    addReply(session: EditorSession, collection: DraftSlug<C>, id: number, thread: string, input: Record<string, unknown>, options: { origin?: string } = {}) {
      return this.#write("addReply", session, { collection, id }, (note, requestId) => {
        if (!isCommentId(thread)) throw new HttpError(400, "thread must be a comment id (1 to 64 letters, digits, _ or -)", { code: "invalid_input" });
        return this.#comment(session, collection, id, { options, note, requestId }, { kind: "reply", thread, input: parseReply(objectOf(input)) });
      });
    }

    /* The route's runner: the room writes the thread, then each newly mentioned person is mailed. */
    async #comment(session: EditorSession, collection: string, id: number, call: { options: { origin?: string } | undefined; note: ActivityNoter; requestId: string }, action: CommentAction): Promise<CommentThread> {
      const slug = this.#drafted(collection).slug;
      await assertReviewBudget(this.env, session, reviewLimit);
      const origin = typeof call.options?.origin === "string" ? call.options.origin : undefined;
      const siteMailer = mailerOf?.(this.env);
      const answer = await runComment(
        {
          run: (a) => roomComments(this.env, slug, positiveId(id), session, a),
          by: session.name,
          ...(origin === undefined ? {} : { origin }),
          ...(siteMailer ? { mailer: siteMailer } : {}),
          onMailError: (error) => log({ level: "error", requestId: call.requestId, action: "service.commentMention", cause: causeOf(error) }),
          activity: { collection: slug, id: positiveId(id), note: call.note },
        },
        action,
      );
      return answer.thread as CommentThread;
    }

    /* The registry decides, not the caller's type: an RPC caller can send any string. */
    #deps(collection: string): DraftDeps {
      const deps = typeof collection === "string" ? registry.draftDeps(collection, mediaBaseOf(this.env)) : undefined;
      if (!deps) throw new HttpError(404, `no collection ${JSON.stringify(collection)} with drafts`, { code: "unknown_collection" });
      return deps;
    }

    /* A write names its collection and its record; the writer (the record's room) has the deps. */
    #writer(collection: string): DraftWriter {
      return writer(this.env, this.#drafted(collection).slug);
    }

    #drafted(collection: string): CollectionConfig {
      const entry = typeof collection === "string" && registry.roomSlugs.includes(collection) ? registry.get(collection) : undefined;
      if (!entry) throw new HttpError(404, `no collection ${JSON.stringify(collection)} with drafts`, { code: "unknown_collection" });
      return entry.config;
    }

    #settings(): SettingsConfig<Env> {
      if (!settings) throw new HttpError(404, "this site has no settings", { code: "not_found" });
      return settings;
    }

    /**
     * A write through the binding: run as any call, then one log line (the caller's editor, the
     * record, the version made, `"ok"` or the refusal's status), as a REST write logs one, and the
     * activity the request core told, under the same id, once the write stood.
     */
    async #write<T>(action: string, session: EditorSession, record: { collection?: string; id?: number }, work: (note: ActivityNoter, requestId: string) => Promise<T>): Promise<ServiceResult<T>> {
      const started = Date.now();
      const requestId = crypto.randomUUID();
      const events: ActivityEvent[] = [];
      const result = await this.#run(session, () => work((event) => events.push(event), requestId));
      const version = result.ok ? versionOf(result.value) : undefined;
      if (result.ok && events.length > 0) {
        const actor = { id: session.id, name: session.name };
        this.ctx.waitUntil(
          recordActivity(this.env.DB, events.map((event) => ({ ...event, actor, requestId }))).catch((error: unknown) =>
            log({ level: "error", requestId, action: `service.${action}`, cause: causeOf(error) }),
          ),
        );
      }
      log({
        level: "info",
        requestId,
        action: `service.${action}`,
        actor: isEditorSession(session) ? session.email : null,
        ...(typeof record.collection === "string" && registry.get(record.collection) ? { collection: record.collection } : {}),
        ...(typeof record.id === "number" && isPositiveId(record.id) ? { id: record.id } : {}),
        ...(version === undefined ? {} : { version }),
        outcome: result.ok ? "ok" : result.status,
        ms: Date.now() - started,
      });
      return result;
    }

    #run<T>(session: EditorSession, work: () => Promise<T>): Promise<ServiceResult<T>> {
      return roomResult(async () => {
        if (!isEditorSession(session)) throw new HttpError(401, "an editor session is required", { code: "unauthenticated" });
        try {
          return await work();
        } catch (caught) {
          // A missing table or binding reaches the caller as the same 503 the REST routes answer.
          throw await explainFailure(this.env, caught);
        }
      });
    }
  };
}

/* The version a write's answer names: a saved draft's or published `versionId`, or a schedule's. */
function versionOf(value: unknown): number | undefined {
  if (value === null || typeof value !== "object") return undefined;
  const direct = (value as { versionId?: unknown }).versionId;
  const scheduled = (value as { scheduled?: { versionId?: unknown } | null }).scheduled?.versionId;
  const found = typeof direct === "number" ? direct : scheduled;
  return typeof found === "number" && Number.isSafeInteger(found) ? found : undefined;
}

/* An RPC caller can send anything: a body that is not an object reads as empty (and is refused as such). */
function objectOf(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function notFound(collection: string, id: number): never {
  throw new HttpError(404, `${collection} ${id} not found`, { code: "not_found" });
}
