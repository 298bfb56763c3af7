import { assertStoredRecordReadAccess } from "../cores/access";
import type { Table } from "drizzle-orm";
import type { CollectionConfig } from "../cores/collection";
import { openD1Session } from "../cores/d1-session";
import { cancelScheduleRequest, directDraftWriter, listVersions, publishRequest, unpublishRequest, type DraftWriter, type DraftWriterFor } from "../cores/drafts";
import type { RedirectsConfig } from "../cores/pages/redirects";
import { HttpError } from "../shared/errors";
import type { EditorRoute, EditorRouteEnv } from "../shared/route-types";
import type { EditorSession, ResolveEditor } from "../shared/session";
import { LIST_BOUNDS, versionEtag } from "../shared/write-input";
import { readJsonObject } from "./body";
import { bookmarkCookie, draftDepsFor, saveDraftResponse, seenBookmarkCookie, withBookmark } from "./draft-save";
import { guardEditorRead } from "./editor-read";
import { guardEditor } from "./guard";
import { json } from "./json";
import { matchPath } from "./match-path";
import { readPaging } from "./paging";
import { assertMethod, parseId, withErrorEdge } from "./run-editor-route";
import { activityTarget } from "./activity-edge";

/** What the `validate` hook sees besides the snapshot. */
export interface VersionValidateContext<Env> {
  operation: "draft" | "publish";
  env: Env;
  session: EditorSession;
}

export interface VersionsRouteConfig<Env extends EditorRouteEnv = EditorRouteEnv> {
  /** The Drizzle table of live rows. */
  table: Table;
  /** Its Drizzle `<slug>_versions` table. */
  versionsTable: Table;
  /** The collection (drafts on). */
  config: CollectionConfig;
  resolveEditor: ResolveEditor<Env>;
  /** Extra validation (e.g. `assertValidSections`): the partial edit on `draft`, the full snapshot on `publish`. */
  validate?: (snapshot: Record<string, unknown>, ctx: VersionValidateContext<Env>) => void | Promise<void>;
  /** Media base for the strict media rule (a string, or read from env). */
  mediaBase?: string | ((env: Env) => string | undefined);
  /** Mount point; default `/api/cms/pages`. */
  basePath?: string;
  /** Where publish keeps the old address of a renamed record (`{ table: pageRedirects, field: "slug" }`): it then redirects to the new one. */
  redirects?: RedirectsConfig;
  /**
   * Who performs draft writes; default the cores, straight to D1. `createCms` hands in its rooms'
   * writer (`draftWriterFor` of `src/objects/room-client.ts`), so REST writes merge with live editors.
   */
  writer?: DraftWriterFor<Env>;
  /**
   * Display names of the editors who wrote versions: given the listed versions' `createdBy` ids,
   * answers id → name. Each listed version then carries `author` (its name, or null when unknown),
   * so a history view can say who wrote it.
   */
  authorNames?: (env: Env, ids: readonly string[]) => Promise<ReadonlyMap<string, string>>;
}

/**
 * Drafts and publishing: `GET/POST {basePath}/:id/versions` (list, save a draft), `POST
 * {basePath}/:id/publish` with `{ versionId? }`, `POST {basePath}/:id/unpublish`. Publish and
 * unpublish need `access.publish`. Writes run through a `first-primary` D1 session and set the
 * `cms_d1_bookmark` cookie; the list reads the primary too, in one batch with the session check.
 * Mount before `pagesRoute`.
 *
 * @example
 * const route = versionsRoute({ table: pages, versionsTable: pagesVersions, config: pagesCollection, resolveEditor });
 */
export function versionsRoute<Env extends EditorRouteEnv>(config: VersionsRouteConfig<Env>): EditorRoute<Env> {
  const basePath = config.basePath ?? "/api/cms/pages";
  // Draft deps are built only for the direct writer: a handed-in writer (the room) has its own.
  const writerOf = (env: Env, session: EditorSession): DraftWriter =>
    config.writer ? config.writer(env, config.config.slug) : directDraftWriter(env, draftDepsFor(config, env, session));

  return withErrorEdge<Env>(async (request, env) => {
    const { pathname } = new URL(request.url);
    const action = routeAction(basePath, pathname);
    if (!action) return undefined;
    const id = parseId(action.id);

    if (action.name === "versions") {
      assertMethod(request, ["GET", "POST"]);
      if (request.method === "GET") {
        // The session check and the list reach the primary in one batch: read-after-write holds
        // without a bookmark, and a lagging replica never answers for a revoked session.
        const db = openD1Session(env.DB, "first-primary");
        const { session, value: list } = await guardEditorRead(request, env, config.resolveEditor, db, (client) =>
          listVersions(client, config, id, readPaging(new URL(request.url), LIST_BOUNDS)),
        );
        if (!list) throw notFound(id);
        // A record's history holds its drafts: read only within scope (a translator's takes in the sources).
        await assertStoredRecordReadAccess(db, config, session, id);
        const items = config.authorNames ? await withAuthors(list.items, (ids) => config.authorNames!(env, ids)) : list.items;
        // The version edit mode shows travels as the ETag, the base of the next write.
        const { editableVersionId, ...page } = list;
        const headers = editableVersionId === null ? undefined : { etag: versionEtag(editableVersionId) };
        const cores = writerOf(env, session);
        const [scheduled, scheduleFailed, openSuggestions] = await Promise.all([cores.scheduledPublish(id), cores.scheduleFailure(id), cores.openSuggestions(id)]);
        return withBookmark(json({ ...page, items, scheduled, scheduleFailed, openSuggestions }, { headers }), seenBookmarkCookie(db));
      }
      const session = await guardEditor(request, env, config.resolveEditor);
      return saveDraftResponse(writerOf(env, session), env, config.config, session, id, {
        edit: await readJsonObject(request),
        ifMatch: request.headers.get("if-match"),
        activity: activityTarget(request, config.config.slug),
      });
    }

    assertMethod(request, action.name === "publish" ? ["POST", "DELETE"] : ["POST"]);
    // The publish privilege is checked once, by the request core each action goes through.
    const session = await guardEditor(request, env, config.resolveEditor);
    const writer = writerOf(env, session);
    const activity = activityTarget(request, config.config.slug);
    if (action.name === "publish" && request.method === "DELETE") {
      return json(await cancelScheduleRequest(writer, session, id, { activity }));
    }
    const db = openD1Session(env.DB, "first-primary");
    if (action.name === "publish") {
      const body = await readJsonObject(request, { allowEmpty: true });
      const published = await publishRequest(writer, session, id, { versionId: body.versionId, at: body.at, db, activity });
      if ("scheduled" in published) return json(published, { status: 202 });
      return withBookmark(json(published), await bookmarkCookie(db));
    }
    return withBookmark(json(await unpublishRequest(writer, session, id, { db, activity })), await bookmarkCookie(db));
  });
}

type Action = { name: "versions" | "publish" | "unpublish"; id: string | undefined };

function routeAction(basePath: string, pathname: string): Action | null {
  for (const name of ["versions", "publish", "unpublish"] as const) {
    const params = matchPath(`${basePath}/:id/${name}`, pathname);
    if (params) return { name, id: params.id };
  }
  return null;
}

/* One lookup for the page of versions; a version without a `createdBy` has no author. */
async function withAuthors<T extends Record<string, unknown>>(
  items: T[],
  lookup: (ids: readonly string[]) => Promise<ReadonlyMap<string, string>>,
): Promise<(T & { author: string | null })[]> {
  const idOf = (item: T) => (item.createdBy === null || item.createdBy === undefined ? null : String(item.createdBy));
  const ids = [...new Set(items.map(idOf).filter((id): id is string => id !== null))];
  const names = ids.length > 0 ? await lookup(ids) : new Map<string, string>();
  return items.map((item) => ({ ...item, author: names.get(idOf(item) ?? "") ?? null }));
}

function notFound(id: number): HttpError {
  return new HttpError(404, `page ${id} not found`, { code: "not_found" });
}
