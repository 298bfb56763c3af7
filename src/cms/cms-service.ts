import { WorkerEntrypoint } from "cloudflare:workers";
import type { Table } from "drizzle-orm";
import {
  listVersions, loadEditableDocument, type DraftDeps, type DraftWriter, type EditableDocument, type PublishResult, type ScheduledPublish, type VersionPage,
  type WrittenDraft,
} from "../cores/drafts";
import { searchPublished, type SearchHit } from "../cores/search";
import { applySettingsPatch, readSettings, type SettingsConfig, type SettingsPatchResult } from "../cores/settings";
import { explainFailure } from "../routes/explain-failure";
import { draftWriterFor } from "../routes/room-writer";
import { readOptionalId } from "../routes/run-editor-route";
import { HttpError } from "../shared/errors";
import { assertJsonDepth } from "../shared/json-depth";
import { assertPublisher } from "../shared/publish-privilege";
import { isEditorSession } from "../shared/room-identity";
import { roomResult, type RoomResult } from "../shared/room-result";
import type { EditorSession } from "../shared/session";
import type { CmsCollection } from "./cms-collection";
import { mediaBaseOf, type CmsCollections, type CmsRegistry } from "./cms-registry";
import type { CmsEnv } from "./cms-routes";

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
  readPage(session: EditorSession, collection: DraftSlug<C>, id: number): Promise<ServiceResult<EditableDocument>>;
  listVersions(session: EditorSession, collection: DraftSlug<C>, id: number, page?: { limit?: number; cursor?: number | null }): Promise<ServiceResult<VersionPage & { scheduled: ScheduledPublish | null }>>;
  saveDraft<S extends DraftSlug<C>>(session: EditorSession, collection: S, id: number, edit: DraftEdit<C, S>, options?: { baseVersionId?: number }): Promise<ServiceResult<WrittenDraft>>;
  publish(session: EditorSession, collection: DraftSlug<C>, id: number, options?: { versionId?: number | null; at?: string | null }): Promise<ServiceResult<PublishResult | { scheduled: ScheduledPublish }>>;
  cancelScheduledPublish(session: EditorSession, collection: DraftSlug<C>, id: number): Promise<ServiceResult<{ cancelled: boolean }>>;
  unpublish(session: EditorSession, collection: DraftSlug<C>, id: number): Promise<ServiceResult<{ page: Record<string, unknown> }>>;
  /** Published rows, best first, through the same published-generation cache as the collection's search route. */
  search(session: EditorSession, collection: DraftSlug<C>, q: string, limit?: number): Promise<ServiceResult<SearchHit[]>>;
  readSettings(session: EditorSession): Promise<ServiceResult<Record<string, unknown>>>;
  patchSettings(session: EditorSession, patch: Record<string, unknown>): Promise<ServiceResult<SettingsPatchResult>>;
}

/** What `createCmsService` needs: the registry, the settings, and (tests) how drafts are written. */
export interface CmsServiceOptions<Env extends CmsEnv> {
  registry: CmsRegistry;
  settings?: SettingsConfig<Env>;
  /** Default `draftWriterFor(env)`: through the record's room when `PAGE_ROOM` is bound. */
  writer?: (env: Env) => DraftWriter;
}

/** The class `createCmsService` returns: a `WorkerEntrypoint` with the site's typed RPC methods. */
export type CmsServiceClass<Env extends CmsEnv, C extends CmsCollections> = new (ctx: ExecutionContext, env: Env) => WorkerEntrypoint<Env> & CmsServiceApi<C>;

const SEARCH_DEFAULT = 10;
const SEARCH_MAX = 50;

/**
 * Builds the service-binding entrypoint (Workers RPC) over a site's own collections. Every method
 * takes the caller's editor session, which the calling Worker vouches for (a service binding is
 * reachable only by Workers the account owner bound to it), and applies the same checks as the
 * REST routes: a well-formed session (401), the publish privilege for publish, unpublish and
 * scheduling (403), the same validation (422), an unknown collection or page (404).
 *
 * @example
 * export const CmsService = createCmsService<Env, typeof collections>({ registry });
 */
export function createCmsService<Env extends CmsEnv, C extends CmsCollections>(options: CmsServiceOptions<Env>): CmsServiceClass<Env, C> {
  const { registry, settings } = options;
  const writer = options.writer ?? ((env: Env) => draftWriterFor(env));

  return class CmsService extends WorkerEntrypoint<Env> implements CmsServiceApi<C> {
    readPage(session: EditorSession, collection: DraftSlug<C>, id: number) {
      return this.#run(session, async () => {
        const deps = this.#deps(collection);
        return (await loadEditableDocument(this.env.DB, deps, checkId(id))) ?? notFound(collection, id);
      });
    }

    listVersions(session: EditorSession, collection: DraftSlug<C>, id: number, page: { limit?: number; cursor?: number | null } = {}) {
      return this.#run(session, async () => {
        const deps = this.#deps(collection);
        const limit = Math.min(Math.max(1, Math.trunc(page.limit ?? 20)), 100);
        const list = (await listVersions(this.env.DB, deps, checkId(id), { limit, cursor: page.cursor ?? null })) ?? notFound(collection, id);
        return { ...list, scheduled: await writer(this.env).scheduledPublish(deps, id) };
      });
    }

    /* Merged three ways into the live room against `baseVersionId` (the version the caller read; default the room's last write). */
    saveDraft<S extends DraftSlug<C>>(session: EditorSession, collection: S, id: number, edit: DraftEdit<C, S>, options: { baseVersionId?: number } = {}) {
      return this.#run(session, async () => {
        if (edit === null || typeof edit !== "object" || Array.isArray(edit)) throw new HttpError(400, "edit must be an object", { code: "invalid_body" });
        assertJsonDepth(edit, "the edit");
        const base = readOptionalId({ baseVersionId: options?.baseVersionId }, "baseVersionId");
        const deps = this.#deps(collection);
        return writer(this.env).applySaveDraft(this.env, deps, session, checkId(id), edit as Record<string, unknown>, base === undefined ? {} : { baseVersionId: base });
      });
    }

    publish(session: EditorSession, collection: DraftSlug<C>, id: number, publish: { versionId?: number | null; at?: string | null } = {}) {
      return this.#run<PublishResult | { scheduled: ScheduledPublish }>(session, async () => {
        assertPublisher(session);
        const deps = this.#deps(collection);
        const versionId = publish.versionId ?? null;
        if (versionId !== null && (!Number.isSafeInteger(versionId) || versionId < 1)) throw new HttpError(400, "versionId must be a positive integer", { code: "invalid_version_id" });
        if (publish.at) return { scheduled: await writer(this.env).schedulePublish(deps, session, checkId(id), { at: publish.at, versionId }) };
        return writer(this.env).applyPublish(this.env, deps, session, checkId(id), versionId === null ? {} : { versionId });
      });
    }

    cancelScheduledPublish(session: EditorSession, collection: DraftSlug<C>, id: number) {
      return this.#run(session, async () => {
        assertPublisher(session);
        return writer(this.env).cancelScheduledPublish(this.#deps(collection), session, checkId(id));
      });
    }

    unpublish(session: EditorSession, collection: DraftSlug<C>, id: number) {
      return this.#run(session, async () => {
        assertPublisher(session);
        return writer(this.env).applyUnpublish(this.env, this.#deps(collection), session, checkId(id));
      });
    }

    search(session: EditorSession, collection: DraftSlug<C>, q: string, limit = SEARCH_DEFAULT) {
      return this.#run(session, async () => {
        const deps = this.#deps(collection);
        const cache = registry.get(collection)?.searchCache;
        if (!cache) throw new HttpError(404, `collection ${collection} has no search`, { code: "not_found" });
        if (typeof q !== "string" || q.trim() === "") throw new HttpError(400, "q must not be blank", { code: "invalid_query" });
        const capped = Math.min(Math.max(1, Math.trunc(Number(limit) || SEARCH_DEFAULT)), SEARCH_MAX);
        // The route's options and cache: one answer and one staleness rule, whichever way a search comes in.
        return searchPublished(this.env.DB, { table: deps.table, config: deps.config, cache }, q, capped);
      });
    }

    readSettings(session: EditorSession) {
      return this.#run(session, () => readSettings(this.env.DB, this.#settings()));
    }

    patchSettings(session: EditorSession, patch: Record<string, unknown>) {
      return this.#run(session, () => applySettingsPatch(this.env, this.#settings(), session, patch));
    }

    /* The registry decides, not the caller's type: an RPC caller can send any string. */
    #deps(collection: string): DraftDeps {
      const deps = typeof collection === "string" ? registry.draftDeps(collection, mediaBaseOf(this.env)) : undefined;
      if (!deps) throw new HttpError(404, `no collection ${JSON.stringify(collection)} with drafts`, { code: "unknown_collection" });
      return deps;
    }

    #settings(): SettingsConfig<Env> {
      if (!settings) throw new HttpError(404, "this site has no settings", { code: "not_found" });
      return settings;
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

function checkId(id: number): number {
  if (!Number.isSafeInteger(id) || id < 1) throw new HttpError(400, "id must be a positive integer", { code: "invalid_id" });
  return id;
}

function notFound(collection: string, id: number): never {
  throw new HttpError(404, `${collection} ${id} not found`, { code: "not_found" });
}
