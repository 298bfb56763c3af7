import { deleteMedia, isMediaScope, mediaBindings, mediaUrl, parseMediaKey, storeImage, type MediaReferenceTarget } from "../cores/media";
import { HttpError } from "../shared/errors";
import type { EditorRoute, EditorRouteEnv } from "../shared/route-types";
import type { ResolveEditor } from "../shared/session";
import { guardEditor } from "./guard";
import { json, noContent } from "./json";
import { matchPath } from "./match-path";
import { requireKey } from "./media-route";
import { readPaging } from "./paging";
import { assertMethod, withErrorEdge } from "./run-editor-route";
import { MAX_UPLOAD_BYTES, readImageUpload } from "./upload-route";

export interface ListMediaRouteConfig<Env extends EditorRouteEnv = EditorRouteEnv> {
  resolveEditor: ResolveEditor<Env>;
  /** Allowed upload scopes (key prefixes); the first is the default. */
  scopes: readonly string[];
  /** Content tables and columns scanned before a delete. */
  references?: readonly MediaReferenceTarget[];
  /** Default `/api/cms/media`. */
  basePath?: string;
  /** Upload cap; default 10 MB. */
  maxBytes?: number;
}

const LIST_BOUNDS = { defaultLimit: 50, maxLimit: 200 };

/**
 * The media library without a registry, straight over the bucket. Objects live under
 * `<scope>/<uuid>.<ext>`. `GET ?scope=` lists one scope (paged with the bucket's own cursor),
 * `POST` uploads into the form's (or query's) `scope`, `DELETE ?key=[&force=1]` keeps the same
 * reference safety as `mediaRoute`. A scope not in `scopes` is a 400.
 *
 * @example
 * const route = listMediaRoute<SiteEnv>({ resolveEditor, scopes: ["pages", "products"] });
 */
export function listMediaRoute<Env extends EditorRouteEnv>(config: ListMediaRouteConfig<Env>): EditorRoute<Env> {
  if (config.scopes.length === 0) throw new TypeError("listMediaRoute: scopes must name at least one scope");
  for (const scope of config.scopes) {
    if (!isMediaScope(scope)) throw new TypeError(`listMediaRoute: scope ${JSON.stringify(scope)} must be lower-case letters, digits and dashes`);
  }
  const basePath = config.basePath ?? "/api/cms/media";
  const maxBytes = config.maxBytes ?? MAX_UPLOAD_BYTES;
  const pickScope = (raw: string | null | undefined): string => {
    if (raw === null || raw === undefined || raw === "") return config.scopes[0]!;
    if (!config.scopes.includes(raw)) throw new HttpError(400, `scope must be one of ${config.scopes.join(", ")}`, { code: "invalid_scope" });
    return raw;
  };
  return withErrorEdge<Env>(async (request, env) => {
    const url = new URL(request.url);
    if (!matchPath(basePath, url.pathname)) return undefined;
    assertMethod(request, ["GET", "POST", "DELETE"]);
    // A forced delete can take an image off a published page: that is publishing.
    const forced = request.method === "DELETE" && url.searchParams.get("force") === "1";
    const session = await guardEditor(request, env, config.resolveEditor, { publish: forced });
    const { bucket, base } = mediaBindings(env);
    if (request.method === "GET") {
      const scope = pickScope(url.searchParams.get("scope"));
      const listing = await bucket.list(listOptions(scope, url));
      const items = listing.objects.map((o) => ({
        key: o.key,
        url: mediaUrl(base, o.key),
        scope,
        size: o.size,
        contentType: o.httpMetadata?.contentType ?? null,
        width: numberOrNull(o.customMetadata?.width),
        height: numberOrNull(o.customMetadata?.height),
        name: o.customMetadata?.name ?? "",
        uploaded: o.uploaded.toISOString(),
      }));
      return json({ items, next: listing.truncated ? listing.cursor : null });
    }
    if (request.method === "POST") {
      const { bytes, fields } = await readImageUpload(request, maxBytes);
      const image = await storeImage(env, bytes, { scope: pickScope(fields.scope), uploadedBy: session.email, name: fields.name });
      return json(image, { status: image.existing ? 200 : 201 });
    }
    const key = requireKey(url.searchParams.get("key"));
    const parsed = parseMediaKey(key);
    if (!parsed || parsed.scope === null || !config.scopes.includes(parsed.scope)) {
      throw new HttpError(400, "key is not a media key in one of this library's scopes", { code: "invalid_key" });
    }
    await deleteMedia(env, key, { references: config.references ?? [], force: forced });
    return noContent();
  });
}

/*
 * The runtime honours `include` (without it objects come back without their metadata), but the bundled
 * `R2ListOptions` type lacks the field; a typed variable carries it past the excess-property check.
 */
function listOptions(scope: string, url: URL): R2ListOptions {
  const options: R2ListOptions & { include: ("httpMetadata" | "customMetadata")[] } = {
    prefix: `${scope}/`,
    limit: readLimit(url),
    cursor: url.searchParams.get("cursor") || undefined,
    include: ["httpMetadata", "customMetadata"],
  };
  return options;
}

/** `limit` by the shared paging rules; the cursor here is the bucket's opaque string, read separately. */
function readLimit(url: URL): number {
  const withoutCursor = new URL(url);
  withoutCursor.searchParams.delete("cursor");
  return readPaging(withoutCursor, LIST_BOUNDS).limit;
}

function numberOrNull(value: string | undefined): number | null {
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : null;
}
