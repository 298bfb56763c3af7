import { MEDIA_KEY as KEY } from "../../shared/media-key-shape";

const SCOPE = /^[a-z0-9][a-z0-9-]{0,39}$/;

/** Whether `scope` may name a key prefix: lower-case letters, digits and dashes, no slashes. */
export function isMediaScope(scope: string): boolean {
  return SCOPE.test(scope);
}

/**
 * An object key: `[<scope>/]<uuid>.<ext>` (a random UUID unless `uuid` gives one, such as a
 * {@link contentId}). The server always chooses it, so a client can never pick a path, overwrite
 * another object or smuggle `..` into the bucket.
 *
 * @example
 * createMediaKey("png") // "3f2c…-….png"
 * createMediaKey("webp", { scope: "products" }) // "products/9a1b….webp"
 */
export function createMediaKey(extension: string, options: { scope?: string; uuid?: () => string } = {}): string {
  const id = (options.uuid ?? (() => crypto.randomUUID()))();
  const key = `${options.scope ? `${options.scope}/` : ""}${id}.${extension}`;
  if (!KEY.test(key)) throw new TypeError(`generated media key ${JSON.stringify(key)} has an unexpected shape`);
  return key;
}

/**
 * The id of a file's content, shaped as a UUID (version 8, "custom"): the first 128 bits of its
 * SHA-256. Keys made from it are the same for the same bytes, so an upload of a file the library
 * already holds finds that asset instead of storing a second copy.
 *
 * @example
 * await contentId(new Uint8Array([1, 2, 3])) // "039058c6-f2c0-8b49-ac53-3b0a4d14ef77"
 */
export async function contentId(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  const id = digest.slice(0, 16);
  id[6] = (id[6]! & 0x0f) | 0x80;
  id[8] = (id[8]! & 0x3f) | 0x80;
  const hex = [...id].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Whether `key` has the shape `createMediaKey` produces, and under which scope. Deletes of
 * registry-less media check this before touching the bucket.
 *
 * @example
 * parseMediaKey("products/9a1b…-….webp") // { scope: "products" }
 * parseMediaKey("../etc/passwd") // null
 */
export function parseMediaKey(key: string): { scope: string | null } | null {
  const match = KEY.exec(key);
  return match ? { scope: match[1] ?? null } : null;
}

/**
 * The public URL of a key: `{MEDIA_URL}/<key>`.
 *
 * @example
 * mediaUrl("http://localhost:8787/media/", "a.png") // "http://localhost:8787/media/a.png"
 */
export function mediaUrl(mediaBase: string, key: string): string {
  return `${mediaBase.replace(/\/+$/, "")}/${key}`;
}
