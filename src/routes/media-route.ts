import type { Table } from "drizzle-orm";
import { assertMayChangeVisibleMedia, assertOwnMediaWhenScoped, deleteMedia, listMediaPage, mediaBindings, mediaUrl, storeImage, updateMediaText, type MediaReferenceTarget } from "../cores/media";
import { HttpError } from "../shared/errors";
import type { EditorRoute, EditorRouteEnv } from "../shared/route-types";
import type { ResolveEditor } from "../shared/session";
import { readJsonObject } from "./body";
import { activityNoterOf } from "../shared/request-activity";
import { guardEditor } from "./guard";
import { json, noContent } from "./json";
import { matchPath } from "./match-path";
import { readFilteredPaging } from "./paging";
import { assertMethod, withErrorEdge } from "./run-editor-route";
import { MAX_UPLOAD_BYTES, readImageUpload } from "./upload-route";

export interface MediaRouteConfig<Env extends EditorRouteEnv = EditorRouteEnv> {
  /** The registry table (see `media` in the reference site). */
  table: Table;
  resolveEditor: ResolveEditor<Env>;
  /** Content tables and columns scanned before a delete, and before an alt or caption change (mark versions tables `drafts`). */
  references?: readonly MediaReferenceTarget[];
  /** Default `/api/cms/media`. */
  basePath?: string;
  /** Upload cap; default 10 MB. */
  maxBytes?: number;
}

const LIST_BOUNDS = { defaultLimit: 50, maxLimit: 200 };

/**
 * The media library with its registry: `GET` lists newest first (paged `{ items, next }`, each with
 * its `url`; `?q=` keeps assets whose file name or alt text contains every word), `POST` uploads
 * image bytes (raw or multipart `file`; its original name from the file part, a `name` field or
 * `?name=`) under a generated key, `PATCH { key, alt, caption }` writes only those two, `DELETE ?key=<key>[&force=1]` answers 409 `in_use` with the
 * references while content still points at the asset. What visitors would see changed needs the
 * publish privilege (403 `forbidden_publish`): the alt or caption of an asset that published
 * content references (the asset-alt fallback shows it), and a forced delete.
 *
 * @example
 * const route = mediaRoute<SiteEnv>({ table: media, resolveEditor, references: [{ table: pages, fields: ["body"] }] });
 */
export function mediaRoute<Env extends EditorRouteEnv>(config: MediaRouteConfig<Env>): EditorRoute<Env> {
  const basePath = config.basePath ?? "/api/cms/media";
  const maxBytes = config.maxBytes ?? MAX_UPLOAD_BYTES;
  return withErrorEdge<Env>(async (request, env) => {
    const url = new URL(request.url);
    if (!matchPath(basePath, url.pathname)) return undefined;
    assertMethod(request, ["GET", "POST", "PATCH", "DELETE"]);
    const forced = request.method === "DELETE" && url.searchParams.get("force") === "1";
    const session = await guardEditor(request, env, config.resolveEditor, { publish: forced });
    const { base } = mediaBindings(env);
    const withUrl = (row: Record<string, unknown>) => ({ ...row, url: mediaUrl(base, String(row.key)) });
    if (request.method === "GET") {
      const page = await listMediaPage(env.DB, config.table, readFilteredPaging(url, LIST_BOUNDS));
      return json({ items: page.items.map(withUrl), next: page.next });
    }
    if (request.method === "POST") {
      const { bytes, fields } = await readImageUpload(request, maxBytes);
      const image = await storeImage(env, bytes, { registry: config.table, uploadedBy: session.email, name: fields.name, activity: activityNoterOf(request) });
      return json(image, { status: image.existing ? 200 : 201 });
    }
    if (request.method === "PATCH") {
      const patch = await readJsonObject(request);
      const key = requireKey(patch.key);
      await assertOwnMediaWhenScoped(env.DB, config.table, session, key);
      await assertMayChangeVisibleMedia(env.DB, session, config.references ?? [], base, key, "changing the alt text or caption of an image visitors see");
      return json(withUrl(await updateMediaText(env.DB, config.table, key, patch)));
    }
    const key = requireKey(url.searchParams.get("key"));
    await assertOwnMediaWhenScoped(env.DB, config.table, session, key);
    await deleteMedia(env, key, {
      references: config.references ?? [],
      force: forced,
      registry: config.table,
      activity: activityNoterOf(request),
    });
    return noContent();
  });
}

/**
 * The asset key of a PATCH body or DELETE query, or a 400.
 *
 * @example
 * requireKey(url.searchParams.get("key"))
 */
export function requireKey(value: unknown): string {
  if (typeof value !== "string" || value === "") throw new HttpError(400, "key is required (the media object's key)", { code: "missing_key" });
  return value;
}
