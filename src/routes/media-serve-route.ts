import { parseMediaKey } from "../cores/media";
import { HttpError } from "../shared/errors";
import type { EditorRoute, EditorRouteEnv } from "../shared/route-types";
import { assertMethod, withErrorEdge } from "./run-editor-route";

export interface MediaServeRouteConfig {
  /** Path the bucket is served under; default `/media` (the path of the reference site's `MEDIA_URL`). */
  basePath?: string;
}

/**
 * Serves media objects publicly at `{basePath}/<key>` from `MEDIA`, with the Content-Type sniffed at
 * upload and `X-Content-Type-Options: nosniff`, so a browser never reinterprets an image as HTML or
 * script. Only keys of the generated shape are served; keys never change content, so responses are
 * cached for a year and revalidate by ETag.
 *
 * @example
 * const serve = mediaServeRoute({ basePath: "/media" });
 */
export function mediaServeRoute<Env extends EditorRouteEnv>(config: MediaServeRouteConfig = {}): EditorRoute<Env> {
  const prefix = `${(config.basePath ?? "/media").replace(/\/+$/, "")}/`;
  return withErrorEdge<Env>(async (request, env) => {
    const { pathname } = new URL(request.url);
    if (!pathname.startsWith(prefix)) return undefined;
    assertMethod(request, ["GET", "HEAD"]);
    const key = pathname.slice(prefix.length);
    if (!parseMediaKey(key) || !env.MEDIA) throw notFound();
    const object = await env.MEDIA.get(key, { onlyIf: request.headers });
    if (!object) throw notFound();
    const headers = new Headers({
      "content-type": object.httpMetadata?.contentType ?? "application/octet-stream",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
      "cache-control": "public, max-age=31536000, immutable",
      etag: object.httpEtag,
    });
    // Without a body the If-None-Match precondition held: the client's copy is current.
    if (!("body" in object)) return new Response(null, { status: 304, headers });
    headers.set("content-length", String(object.size));
    return new Response(request.method === "HEAD" ? null : object.body, { headers });
  });
}

function notFound(): HttpError {
  return new HttpError(404, "media not found", { code: "not_found" });
}
