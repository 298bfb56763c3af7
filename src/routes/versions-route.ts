import type { Table } from "drizzle-orm";
import type { CollectionConfig } from "../cores/collection";
import { d1Bookmark, isD1Bookmark, openD1Session, resumeReadSession, serializeD1BookmarkCookie } from "../cores/d1-session";
import type { D1Client } from "../cores/d1-client";
import { applyPublish, applySaveDraft, applyUnpublish, listVersions, type DraftDeps } from "../cores/drafts";
import { HttpError } from "../shared/errors";
import type { EditorRoute, EditorRouteEnv } from "../shared/route-types";
import type { EditorSession, ResolveEditor } from "../shared/session";
import { readJsonObject } from "./body";
import { guardEditor } from "./guard";
import { json } from "./json";
import { matchPath } from "./match-path";
import { readPaging } from "./paging";
import { assertMethod, parseId, withErrorEdge } from "./run-editor-route";

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
}

const LIST_BOUNDS = { defaultLimit: 20, maxLimit: 100 };

/**
 * Drafts and publishing: `GET/POST {basePath}/:id/versions` (list, save a draft), `POST
 * {basePath}/:id/publish` with `{ versionId? }`, `POST {basePath}/:id/unpublish`. Publish and
 * unpublish need `access.publish`. Writes run through a `first-primary` D1 session and set the
 * `cms_d1_bookmark` cookie; the list reads through a session anchored at it (read-after-write).
 * Mount before `pagesRoute`.
 *
 * @example
 * const route = versionsRoute({ table: pages, versionsTable: pagesVersions, config: pagesCollection, resolveEditor });
 */
export function versionsRoute<Env extends EditorRouteEnv>(config: VersionsRouteConfig<Env>): EditorRoute<Env> {
  const basePath = config.basePath ?? "/api/cms/pages";
  const depsFor = (env: Env, session: EditorSession): DraftDeps => {
    const mediaBase = typeof config.mediaBase === "function" ? config.mediaBase(env) : config.mediaBase;
    const validate = config.validate;
    return {
      table: config.table,
      versionsTable: config.versionsTable,
      config: config.config,
      ...(mediaBase ? { mediaBase } : {}),
      ...(validate ? { validate: (snapshot, ctx) => validate(snapshot, { ...ctx, env, session }) } : {}),
    };
  };

  return withErrorEdge<Env>(async (request, env) => {
    const { pathname } = new URL(request.url);
    const action = routeAction(basePath, pathname);
    if (!action) return undefined;
    const id = parseId(action.id);

    if (action.name === "versions") {
      assertMethod(request, ["GET", "POST"]);
      const session = await guardEditor(request, env, config.resolveEditor);
      if (request.method === "GET") {
        const read = resumeReadSession(env.DB, request.headers.get("cookie"));
        const list = await listVersions(read.client, depsFor(env, session), id, readPaging(new URL(request.url), LIST_BOUNDS));
        if (!list) throw notFound(id);
        return withBookmark(json(list), read.commit());
      }
      const edit = await readJsonObject(request);
      const db = openD1Session(env.DB, "first-primary");
      const saved = await applySaveDraft(env, depsFor(env, session), session, id, edit, { db });
      return withBookmark(json(saved, { status: 201 }), bookmarkCookie(db));
    }

    assertMethod(request, ["POST"]);
    const session = await guardEditor(request, env, config.resolveEditor, { publish: true });
    const db = openD1Session(env.DB, "first-primary");
    if (action.name === "publish") {
      const versionId = readVersionId(await readJsonObject(request, { allowEmpty: true }));
      const published = await applyPublish(env, depsFor(env, session), session, id, { db, ...(versionId === null ? {} : { versionId }) });
      return withBookmark(json(published), bookmarkCookie(db));
    }
    return withBookmark(json(await applyUnpublish(env, depsFor(env, session), session, id, { db })), bookmarkCookie(db));
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

/** `versionId` is optional; when present (and not null) it must be a positive integer. */
function readVersionId(body: Record<string, unknown>): number | null {
  const value = body.versionId;
  if (value === undefined || value === null) return null;
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 1) {
    throw new HttpError(400, `versionId must be a positive integer, got ${JSON.stringify(value)}`, { code: "invalid_version_id" });
  }
  return value;
}

function bookmarkCookie(db: D1Client): string | null {
  const bookmark = d1Bookmark(db);
  return bookmark !== null && isD1Bookmark(bookmark) ? serializeD1BookmarkCookie(bookmark) : null;
}

function withBookmark(response: Response, cookie: string | null): Response {
  if (cookie) response.headers.append("set-cookie", cookie);
  return response;
}

function notFound(id: number): HttpError {
  return new HttpError(404, `page ${id} not found`, { code: "not_found" });
}
