import type { Table } from "drizzle-orm";
import { storeImage } from "../cores/media";
import { HttpError } from "../shared/errors";
import type { EditorRoute, EditorRouteEnv } from "../shared/route-types";
import type { ResolveEditor } from "../shared/session";
import { readBodyBytes } from "./body";
import { activityNoterOf } from "../shared/request-activity";
import { guardEditor } from "./guard";
import { json } from "./json";
import { matchPath } from "./match-path";
import { assertMethod, withErrorEdge } from "./run-editor-route";

/** The SPEC's example upload cap: 10 MB. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/* Room for the multipart envelope (boundaries, part headers, a scope field) around a file at the cap. */
const MULTIPART_OVERHEAD = 16 * 1024;

/**
 * Reads an image upload: raw bytes, or a `multipart/form-data` body with a `file` part (and other
 * text fields, such as `scope`; the file part's name is `fields.name` unless a `name` field is sent). The cap is enforced while the body streams, never trusting
 * `Content-Length`; over it is a 413. Fields of a raw upload come from the query string.
 *
 * @example
 * const { bytes, fields } = await readImageUpload(request, MAX_UPLOAD_BYTES);
 */
export async function readImageUpload(request: Request, maxBytes: number): Promise<{ bytes: Uint8Array; fields: Record<string, string> }> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\b/i.test(type)) {
    return { bytes: await readBodyBytes(request, maxBytes), fields: Object.fromEntries(new URL(request.url).searchParams) };
  }
  const envelope = await readBodyBytes(request, maxBytes + MULTIPART_OVERHEAD);
  let form: FormData;
  try {
    form = await new Response(envelope, { headers: { "content-type": type } }).formData();
  } catch {
    throw new HttpError(400, "the multipart body could not be parsed", { code: "invalid_multipart" });
  }
  // The bundled FormData types predate file parts; at runtime a file part is a `File` (a Blob).
  const file: unknown = form.get("file");
  if (!(file instanceof Blob)) throw new HttpError(400, 'the multipart body has no "file" part', { code: "missing_file" });
  if (file.size > maxBytes) throw new HttpError(413, `the file is larger than ${maxBytes} bytes`, { code: "body_too_large" });
  const fields: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string") fields[name] = value;
  // The file part's own name is the upload's name unless a `name` field says otherwise.
  if (fields.name === undefined && "name" in file && typeof file.name === "string") fields.name = file.name;
  return { bytes: new Uint8Array(await file.arrayBuffer()), fields };
}

export interface UploadRouteConfig<Env extends EditorRouteEnv = EditorRouteEnv> {
  resolveEditor: ResolveEditor<Env>;
  /** Default `/api/cms/upload`. */
  path?: string;
  /** Default `MAX_UPLOAD_BYTES` (10 MB). */
  maxBytes?: number;
  /** Registry table: record each upload so it shows in the media list and gets alt text. */
  registry?: Table;
}

/**
 * A site's own upload endpoint, the contract editor image controls assume: `POST` raw image bytes;
 * 403 without an editor (or from another origin), 413 over the cap, 415 when the bytes are not a
 * PNG, GIF, JPEG or WebP, 400 for an empty body; success is 201 `{ key, url }` (200 with the existing
 * asset's when the library already holds the same file) with `url` =
 * `{MEDIA_URL}/<key>`. The file's original name may come as `?name=` (recorded in the registry for
 * the media library; the key is still generated).
 *
 * @example
 * const upload = uploadRoute<SiteEnv>({ resolveEditor, registry: media });
 */
export function uploadRoute<Env extends EditorRouteEnv>(config: UploadRouteConfig<Env>): EditorRoute<Env> {
  const path = config.path ?? "/api/cms/upload";
  const maxBytes = config.maxBytes ?? MAX_UPLOAD_BYTES;
  return withErrorEdge<Env>(async (request, env) => {
    const url = new URL(request.url);
    if (!matchPath(path, url.pathname)) return undefined;
    assertMethod(request, ["POST"]);
    const session = await guardEditor(request, env, config.resolveEditor, { noSessionStatus: 403 });
    const bytes = await readBodyBytes(request, maxBytes);
    const image = await storeImage(env, bytes, {
      registry: config.registry,
      uploadedBy: session.email,
      name: url.searchParams.get("name") ?? undefined,
      activity: activityNoterOf(request),
    });
    return json({ key: image.key, url: image.url }, { status: image.existing ? 200 : 201 });
  });
}

