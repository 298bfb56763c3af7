import type { Table } from "drizzle-orm";
import type { ActivityNoter } from "../../shared/activity";
import { findRowBy, insertRowStatement } from "../pages/page-store";
import { tableMeta, type TableMeta } from "../table-meta";
import { mediaBindings, type MediaEnv } from "./media-env";
import { contentId, createMediaKey, mediaUrl } from "./media-key";
import { mediaFileName } from "./media-name";
import { assertImageBytes, type SniffImageOptions } from "./sniff-image";

/** What an upload produced. `contentType` is the sniffed type, never the client's claim. */
export interface StoredImage {
  key: string;
  url: string;
  contentType: string;
  size: number;
  width: number | null;
  height: number | null;
  scope: string | null;
  /** The upload's original file name, cleaned by `mediaFileName` ("" when none was given). */
  name: string;
  /** The library already held this file (the same bytes): this is that asset, nothing was stored. */
  existing: boolean;
}

export interface StoreImageOptions {
  /** Key prefix (already checked against the caller's allowed scopes). */
  scope?: string;
  /** Registry table to record the asset in; omit for registry-less media. */
  registry?: Table;
  uploadedBy?: string;
  /** The file name the upload came with (a label only: the key is always generated). */
  name?: string;
  sniff?: SniffImageOptions;
  /** Told `media.uploaded` when a new file was stored (an existing asset answered again changes nothing). */
  activity?: ActivityNoter;
}

/**
 * Verifies `bytes` as a raster image and stores them in `MEDIA` under a key made from their
 * content ({@link contentId}) with the sniffed Content-Type (and the size as custom metadata),
 * then records the asset in the registry when one is given. The same file uploaded again (by
 * anyone, through any upload entry point) is the same asset: its existing record is answered,
 * `existing` set, and nothing is stored twice. Refused bytes never reach the bucket; a failed
 * registry insert removes the object again, so the two never disagree.
 *
 * @example
 * const image = await storeImage(env, bytes, { registry: media, uploadedBy: session.email });
 * // { key: "…png", url: "http://localhost:8787/media/…png", contentType: "image/png", width: 2, height: 1, existing: false, … }
 */
export async function storeImage(env: MediaEnv, bytes: Uint8Array, options: StoreImageOptions = {}): Promise<StoredImage> {
  const stored = await storeOnce(env, bytes, options);
  if (!stored.existing) options.activity?.({ kind: "media.uploaded", detail: { key: stored.key, ...(stored.name === "" ? {} : { name: stored.name }) } });
  return stored;
}

async function storeOnce(env: MediaEnv, bytes: Uint8Array, options: StoreImageOptions): Promise<StoredImage> {
  const { bucket, base } = mediaBindings(env);
  const image = assertImageBytes(bytes, options.sniff);
  const key = createMediaKey(image.extension, { scope: options.scope, uuid: await contentIdOnce(bytes) });
  const meta = options.registry ? tableMeta(options.registry) : null;
  const known = meta ? await findRowBy(env.DB, meta, "key", key) : null;
  const stored: StoredImage = known
    ? fromRow(known, base, key, options.scope)
    : ((await fromObject(bucket, base, key, options.scope)) ?? {
        key,
        url: mediaUrl(base, key),
        contentType: image.type,
        size: bytes.byteLength,
        width: image.width,
        height: image.height,
        scope: options.scope ?? null,
        name: mediaFileName(options.name),
        existing: false,
      });
  // A registry row whose object went missing, or a new file: the bytes go (back) into the bucket.
  const put = !stored.existing || (known !== null && (await bucket.head(key)) === null);
  if (put) await bucket.put(key, bytes, { httpMetadata: { contentType: image.type }, customMetadata: objectMetadata(stored) });
  if (!meta || known) return stored;
  try {
    const row = await insertRowStatement(env.DB, meta, registryRow(meta, stored, options.uploadedBy)).first<Record<string, unknown>>();
    if (row) return stored;
    // The same file's twin upload recorded it first: theirs is the asset.
    const twin = await findRowBy(env.DB, meta, "key", key);
    if (twin) return fromRow(twin, base, key, options.scope);
    throw new Error(`media registry refused ${key} without holding it`);
  } catch (error) {
    if (!stored.existing) await bucket.delete(key);
    throw error;
  }
}

/* createMediaKey takes its id as a function; the content's id is computed once, before. */
async function contentIdOnce(bytes: Uint8Array): Promise<() => string> {
  const id = await contentId(bytes);
  return () => id;
}

function objectMetadata(image: StoredImage): Record<string, string> {
  const metadata: Record<string, string> = image.name === "" ? {} : { name: image.name };
  if (image.width !== null && image.height !== null) {
    metadata.width = String(image.width);
    metadata.height = String(image.height);
  }
  return metadata;
}

/* An asset the registry already holds, as an upload answers it. */
function fromRow(row: Record<string, unknown>, base: string, key: string, scope: string | undefined): StoredImage {
  return {
    key,
    url: mediaUrl(base, key),
    contentType: String(row.contentType),
    size: Number(row.size),
    width: typeof row.width === "number" ? row.width : null,
    height: typeof row.height === "number" ? row.height : null,
    scope: typeof row.scope === "string" ? row.scope : (scope ?? null),
    name: typeof row.name === "string" ? row.name : "",
    existing: true,
  };
}

/* A registry-less asset the bucket already holds, or null when it holds none under `key`. */
async function fromObject(bucket: R2Bucket, base: string, key: string, scope: string | undefined): Promise<StoredImage | null> {
  const object = await bucket.head(key);
  if (!object) return null;
  const size = (name: string) => (object.customMetadata?.[name] === undefined ? null : Number(object.customMetadata[name]));
  return {
    key,
    url: mediaUrl(base, key),
    contentType: object.httpMetadata?.contentType ?? "application/octet-stream",
    size: object.size,
    width: size("width"),
    height: size("height"),
    scope: scope ?? null,
    name: object.customMetadata?.name ?? "",
    existing: true,
  };
}

/** The registry columns the site's table actually has (`scope`, `uploadedBy` and `name` are optional). */
function registryRow(meta: TableMeta, image: StoredImage, uploadedBy: string | undefined): Record<string, unknown> {
  const columns = meta.columns;
  const row: Record<string, unknown> = {
    key: image.key,
    contentType: image.contentType,
    size: image.size,
    width: image.width,
    height: image.height,
    scope: image.scope,
    uploadedBy: uploadedBy ?? null,
    name: image.name,
  };
  return Object.fromEntries(Object.entries(row).filter(([name]) => name in columns));
}
