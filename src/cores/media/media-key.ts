const SCOPE = /^[a-z0-9][a-z0-9-]{0,39}$/;
const KEY = /^(?:([a-z0-9][a-z0-9-]{0,39})\/)?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(?:png|gif|jpg|webp)$/;

/** Whether `scope` may name a key prefix: lower-case letters, digits and dashes, no slashes. */
export function isMediaScope(scope: string): boolean {
  return SCOPE.test(scope);
}

/**
 * A fresh object key: `[<scope>/]<uuid>.<ext>`. The server always chooses it, so a client can never
 * pick a path, overwrite another object or smuggle `..` into the bucket.
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
