/** An image the editor can place: its public URL and the asset's alt text. */
export interface PickedImage {
  src: string;
  alt: string;
}

/** One row of the media list (`GET /api/cms/media`), as far as the picker needs it. */
export interface MediaItem {
  key: string;
  url: string;
  alt?: string | null;
  width?: number | null;
  height?: number | null;
}

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/**
 * Uploads an image file as raw bytes to the site's upload endpoint; resolves its `{ key, url }`.
 * The endpoint sniffs the bytes, so the file's claimed type is only a hint.
 *
 * @example
 * const { url } = await uploadImage(file, "/api/cms/upload", fetch);
 */
export async function uploadImage(file: Blob, uploadUrl: string, doFetch: FetchLike): Promise<{ key: string; url: string }> {
  const response = await doFetch(uploadUrl, {
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
 * Reads the first page of the media list (`{ items, next }`).
 *
 * @example
 * const items = await listMedia("/api/cms/media", fetch);
 */
export async function listMedia(mediaUrl: string, doFetch: FetchLike): Promise<MediaItem[]> {
  const response = await doFetch(mediaUrl, { credentials: "same-origin", headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(await failureText(response, "media list"));
  const body: unknown = await response.json();
  const items = isRecord(body) && Array.isArray(body.items) ? body.items : [];
  return items.filter((item): item is MediaItem => isRecord(item) && typeof item.key === "string" && typeof item.url === "string");
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

async function failureText(response: Response, what: string): Promise<string> {
  const body: unknown = await response.json().catch(() => null);
  const message = isRecord(body) && typeof body.error === "string" ? body.error : `HTTP ${response.status}`;
  return `The ${what} failed: ${message}`;
}
