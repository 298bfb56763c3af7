import { WorkerEntrypoint } from "cloudflare:workers";
import { listVersions, loadEditableDocument, type EditableDocument, type PublishResult, type VersionPage, type WrittenDraft } from "../cores/drafts";
import { searchPublished, type SearchHit } from "../cores/search";
import { applySettingsPatch, readSettings, type SettingsPatchResult } from "../cores/settings";
import { isEditorSession } from "../shared/room-identity";
import type { ScheduledPublish } from "../cores/drafts";
import { roomResult, type RoomResult } from "../shared/room-result";
import { draftWriterFor } from "../routes/room-writer";
import { readOptionalId } from "../routes/run-editor-route";
import { HttpError } from "../shared/errors";
import { assertJsonDepth } from "../shared/json-depth";
import { assertPublisher } from "../shared/publish-privilege";
import type { EditorSession } from "../shared/session";
import type { SiteEnv } from "../site/env";
import { roomCollections } from "../site/room-deps";
import { siteSettingsConfig } from "../site/settings-config";

/**
 * What every `CmsService` method answers: `{ ok: true, value }` or `{ ok: false, status, error,
 * code?, details? }` with the status the REST route would have used (a 422 carries
 * `details.violations`). Errors are returned, not thrown, because a thrown error loses everything
 * but its message on the way across RPC.
 */
export type ServiceResult<T> = RoomResult<T>;

const SEARCH_DEFAULT = 10;
const SEARCH_MAX = 50;

/**
 * The service binding other sites' Workers call (RPC). Every method takes the caller's editor
 * session, which the calling Worker vouches for (a service binding is only reachable by Workers
 * the account owner bound to it), and applies the same checks as the REST routes: a well-formed
 * session (401), the publish privilege for publish, unpublish and scheduling (403), the same
 * validation and sanitizing (422). Draft writes and publishing go through the page's room when
 * the `PAGE_ROOM` binding exists, so live editors see them at once.
 *
 * @example
 * // in the calling Worker, with [[services]] binding = "CMS", service = "cms-toolkit-demo", entrypoint = "CmsService"
 * const saved = await env.CMS.saveDraft(session, 12, { title: "New title" });
 * if (!saved.ok) return Response.json({ error: saved.error }, { status: saved.status });
 */
export class CmsService extends WorkerEntrypoint<SiteEnv> {
  /** The page as edit mode shows it: the newest pending draft over the live row. */
  readPage(session: EditorSession, id: number): Promise<ServiceResult<EditableDocument>> {
    return this.#run(session, async () => (await loadEditableDocument(this.env.DB, this.#deps(), checkId(id))) ?? notFound(id));
  }

  /** A page's versions, newest first, and the scheduled publish if any. */
  listVersions(session: EditorSession, id: number, page: { limit?: number; cursor?: number | null } = {}): Promise<ServiceResult<VersionPage & { scheduled: ScheduledPublish | null }>> {
    return this.#run(session, async () => {
      const limit = Math.min(Math.max(1, Math.trunc(page.limit ?? 20)), 100);
      const list = (await listVersions(this.env.DB, this.#deps(), checkId(id), { limit, cursor: page.cursor ?? null })) ?? notFound(id);
      return { ...list, scheduled: await this.#writer().scheduledPublish(this.#deps(), id) };
    });
  }

  /**
   * Saves a draft (a partial edit of the collection's fields), merged three ways into the live
   * room against `baseVersionId` (the version the caller read; default the room's last write).
   */
  saveDraft(session: EditorSession, id: number, edit: Record<string, unknown>, options: { baseVersionId?: number } = {}): Promise<ServiceResult<WrittenDraft>> {
    return this.#run(session, async () => {
      if (edit === null || typeof edit !== "object" || Array.isArray(edit)) throw new HttpError(400, "edit must be an object", { code: "invalid_body" });
      assertJsonDepth(edit, "the edit");
      const base = readOptionalId({ baseVersionId: options?.baseVersionId }, "baseVersionId");
      return this.#writer().applySaveDraft(this.env, this.#deps(), session, checkId(id), edit, base === undefined ? {} : { baseVersionId: base });
    });
  }

  /** Publishes now (the newest pending draft, or `versionId`), or schedules it when `at` is given. */
  publish(session: EditorSession, id: number, options: { versionId?: number | null; at?: string | null } = {}): Promise<ServiceResult<PublishResult | { scheduled: ScheduledPublish }>> {
    return this.#run(session, async () => {
      assertPublisher(session);
      const versionId = options.versionId ?? null;
      if (versionId !== null && (!Number.isSafeInteger(versionId) || versionId < 1)) throw new HttpError(400, "versionId must be a positive integer", { code: "invalid_version_id" });
      if (options.at) return { scheduled: await this.#writer().schedulePublish(this.#deps(), session, checkId(id), { at: options.at, versionId }) };
      return this.#writer().applyPublish(this.env, this.#deps(), session, checkId(id), versionId === null ? {} : { versionId });
    });
  }

  /** Cancels a scheduled publish. */
  cancelScheduledPublish(session: EditorSession, id: number): Promise<ServiceResult<{ cancelled: boolean }>> {
    return this.#run(session, async () => {
      assertPublisher(session);
      return this.#writer().cancelScheduledPublish(this.#deps(), session, checkId(id));
    });
  }

  /** Unpublishes a page. */
  unpublish(session: EditorSession, id: number): Promise<ServiceResult<{ page: Record<string, unknown> }>> {
    return this.#run(session, async () => {
      assertPublisher(session);
      return this.#writer().applyUnpublish(this.env, this.#deps(), session, checkId(id));
    });
  }

  /** Full-text search over published pages (limit default 10, at most 50; a blank query is a 400). */
  search(session: EditorSession, q: string, limit = SEARCH_DEFAULT): Promise<ServiceResult<SearchHit[]>> {
    return this.#run(session, async () => {
      if (typeof q !== "string" || q.trim() === "") throw new HttpError(400, "q must not be blank", { code: "invalid_query" });
      const capped = Math.min(Math.max(1, Math.trunc(Number(limit) || SEARCH_DEFAULT)), SEARCH_MAX);
      return searchPublished(this.env.DB, this.#deps(), q, capped);
    });
  }

  /** The site settings. */
  readSettings(session: EditorSession): Promise<ServiceResult<Record<string, unknown>>> {
    return this.#run(session, () => readSettings(this.env.DB, siteSettingsConfig));
  }

  /** Patches the site settings (the same allowlists and media rule as the settings route). */
  patchSettings(session: EditorSession, patch: Record<string, unknown>): Promise<ServiceResult<SettingsPatchResult>> {
    return this.#run(session, () => applySettingsPatch(this.env, siteSettingsConfig, session, patch));
  }

  #deps() {
    return roomCollections(this.env).pages as NonNullable<ReturnType<typeof roomCollections>["pages"]>;
  }

  #writer() {
    return draftWriterFor(this.env);
  }

  #run<T>(session: EditorSession, work: () => Promise<T>): Promise<ServiceResult<T>> {
    return roomResult(async () => {
      if (!isEditorSession(session)) throw new HttpError(401, "an editor session is required", { code: "unauthenticated" });
      return work();
    });
  }
}

function checkId(id: number): number {
  if (!Number.isSafeInteger(id) || id < 1) throw new HttpError(400, "id must be a positive integer", { code: "invalid_id" });
  return id;
}

function notFound(id: number): never {
  throw new HttpError(404, `page ${id} not found`, { code: "not_found" });
}
