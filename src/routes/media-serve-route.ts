import { parseMediaKey } from "../cores/media";
import { HttpError } from "../shared/errors";
import { missingBinding } from "../shared/misconfigured";
import type { EditorRoute, EditorRouteEnv } from "../shared/route-types";
import { evaluatePreconditions, hasPreconditions } from "./conditional-request";
import { assertMethod, withErrorEdge } from "./run-editor-route";

export interface MediaServeRouteConfig {
  /** Path the bucket is served under; default `/media` (the path of the reference site's `MEDIA_URL`). */
  basePath?: string;
}

/**
 * Serves media objects publicly at `{basePath}/<key>` from `MEDIA`, with the Content-Type sniffed at
 * upload and `X-Content-Type-Options: nosniff`, so a browser never reinterprets an image as HTML or
 * script. Only keys of the generated shape are served; keys never change content, so responses are
 * cached for a year and revalidate by ETag. Conditional requests follow RFC 9110: If-None-Match
 * (weak, lists, `*`) and If-Modified-Since give 304, a failed If-Match or If-Unmodified-Since 412,
 * and a malformed header never a 500.
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
    if (!env.MEDIA) throw missingBinding("MEDIA", "R2 bucket", "serving media");
    if (!parseMediaKey(key)) throw notFound();
    // Preconditions are ours to evaluate (see conditional-request.ts): read the validators first.
    if (hasPreconditions(request)) {
      const head = await env.MEDIA.head(key);
      if (!head) throw notFound();
      const verdict = evaluatePreconditions(request, { etag: head.httpEtag, lastModified: head.uploaded });
      if (verdict === "failed") throw new HttpError(412, "precondition failed: the media object does not match If-Match or If-Unmodified-Since", { code: "precondition_failed" });
      if (verdict === "not_modified") return new Response(null, { status: 304, headers: objectHeaders(head) });
    }
    const object = await env.MEDIA.get(key);
    if (!object) throw notFound();
    const headers = objectHeaders(object);
    headers.set("content-length", String(object.size));
    return new Response(request.method === "HEAD" ? null : object.body, { headers });
  });
}

function objectHeaders(object: R2Object): Headers {
  return new Headers({
    "content-type": object.httpMetadata?.contentType ?? "application/octet-stream",
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; sandbox",
    "cache-control": "public, max-age=31536000, immutable",
    etag: object.httpEtag,
    "last-modified": object.uploaded.toUTCString(),
  });
}

function notFound(): HttpError {
  return new HttpError(404, "media not found", { code: "not_found" });
}
