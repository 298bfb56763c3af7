/** An image the editor can place: its public URL and the asset's alt text. */
export interface PickedImage {
  src: string;
  alt: string;
  /** The media asset it is (picked from the library or uploaded), so its own alt can be filled in. */
  key?: string;
}

/** One row of the media list (`GET /api/cms/media`), as far as the picker needs it. */
export interface MediaItem {
  key: string;
  url: string;
  /** The upload's original file name; "" for assets uploaded before names were kept. */
  name?: string | null;
  alt?: string | null;
  width?: number | null;
  height?: number | null;
}

/** One page of the media list and the cursor of the next (null on the last). */
export interface MediaListPage {
  items: MediaItem[];
  next: string | null;
}

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/**
 * Uploads an image as raw bytes to the site's upload endpoint; resolves its `{ key, url }`. The
 * file's name (a `File`'s own, or `name`) goes along as `?name=` so the library can show it. The
 * endpoint sniffs the bytes, so the file's claimed type is only a hint.
 *
 * @example
 * const { url } = await uploadImage(file, "/api/cms/upload", fetch);
 */
export async function uploadImage(file: Blob, uploadUrl: string, doFetch: FetchLike, name = "name" in file && typeof file.name === "string" ? file.name : ""): Promise<{ key: string; url: string }> {
  const response = await doFetch(withQuery(uploadUrl, { name }), {
    method: "POST",
    headers: { "content-type": file.type || "application/octet-stream" },
    credentials: "same-origin",
    body: file,
  });
  if (!response.ok) throw new Error(await failureText(response, "upload"));
  const body: unknown = await response.json();
  if (!isRecord(body) || typeof body.key !== "string" || typeof body.url !== "string") throw new Error("the upload answer had no key and url");
  return { key: body.key, url: body.url };
}

/**
 * Reads one page of the media list (`{ items, next }`), newest first, narrowed by `search` (file
 * name and alt text) and continued from `cursor`.
 *
 * @example
 * const { items, next } = await listMedia("/api/cms/media", fetch, { search: "harbour" });
 * const more = await listMedia("/api/cms/media", fetch, { search: "harbour", cursor: next });
 */
export async function listMedia(mediaUrl: string, doFetch: FetchLike, query: { search?: string; cursor?: string | null; limit?: number } = {}): Promise<MediaListPage> {
  const url = withQuery(mediaUrl, { q: query.search ?? "", cursor: query.cursor ?? "", limit: query.limit ? String(query.limit) : "" });
  const response = await doFetch(url, { credentials: "same-origin", headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(await failureText(response, "media list"));
  const body: unknown = await response.json();
  const items = isRecord(body) && Array.isArray(body.items) ? body.items : [];
  return {
    items: items.filter((item): item is MediaItem => isRecord(item) && typeof item.key === "string" && typeof item.url === "string"),
    next: isRecord(body) && typeof body.next === "string" ? body.next : null,
  };
}

/**
 * Gives a media asset its alt text (`PATCH` of the media list endpoint), so every later use of
 * the picture starts from it and pages that leave an image's alt empty fall back to it. Resolves
 * whether the library took it (an asset published content shows needs the publish privilege).
 *
 * @example
 * await describeAsset("/api/cms/media", fetch, "3f2c….png", "A red bicycle");
 */
export async function describeAsset(mediaUrl: string, doFetch: FetchLike, key: string, alt: string): Promise<boolean> {
  const response = await doFetch(mediaUrl, {
    method: "PATCH",
    headers: { "content-type": "application/json" },
    credentials: "same-origin",
    body: JSON.stringify({ key, alt }),
  });
  return response.ok;
}

/* Appends the non-empty parameters to an address that may already carry a query. */
function withQuery(address: string, params: Record<string, string>): string {
  const query = new URLSearchParams(Object.entries(params).filter(([, value]) => value !== "")).toString();
  return query === "" ? address : `${address}${address.includes("?") ? "&" : "?"}${query}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

async function failureText(response: Response, what: string): Promise<string> {
  const body: unknown = await response.json().catch(() => null);
  const message = isRecord(body) && typeof body.error === "string" ? body.error : `HTTP ${response.status}`;
  return `The ${what} failed: ${message}`;
}
