import type { Table } from "drizzle-orm";
import { insertRow } from "../pages/page-store";
import { tableMeta } from "../table-meta";
import { mediaBindings, type MediaEnv } from "./media-env";
import { createMediaKey, mediaUrl } from "./media-key";
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
  /** Key randomness, injectable for tests. */
  uuid?: () => string;
}

/**
 * Verifies `bytes` as a raster image and stores them in `MEDIA` under a generated key with the
 * sniffed Content-Type (and the size as custom metadata), then records the asset in the registry
 * when one is given. Refused bytes never reach the bucket; a failed registry insert removes the
 * object again, so the two never disagree.
 *
 * @example
 * const image = await storeImage(env, bytes, { registry: media, uploadedBy: session.email });
 * // { key: "…png", url: "http://localhost:8787/media/…png", contentType: "image/png", width: 2, height: 1, … }
 */
export async function storeImage(env: MediaEnv, bytes: Uint8Array, options: StoreImageOptions = {}): Promise<StoredImage> {
  const { bucket, base } = mediaBindings(env);
  const image = assertImageBytes(bytes, options.sniff);
  const key = createMediaKey(image.extension, { scope: options.scope, uuid: options.uuid });
  const name = mediaFileName(options.name);
  const customMetadata: Record<string, string> = name === "" ? {} : { name };
  if (image.width !== null && image.height !== null) {
    customMetadata.width = String(image.width);
    customMetadata.height = String(image.height);
  }
  await bucket.put(key, bytes, { httpMetadata: { contentType: image.type }, customMetadata });
  const stored: StoredImage = {
    key,
    url: mediaUrl(base, key),
    contentType: image.type,
    size: bytes.byteLength,
    width: image.width,
    height: image.height,
    scope: options.scope ?? null,
    name,
  };
  if (options.registry) {
    try {
      await insertRow(env.DB, tableMeta(options.registry), registryRow(options.registry, stored, options.uploadedBy));
    } catch (error) {
      await bucket.delete(key);
      throw error;
    }
  }
  return stored;
}

/** The registry columns the site's table actually has (`scope`, `uploadedBy` and `name` are optional). */
function registryRow(table: Table, image: StoredImage, uploadedBy: string | undefined): Record<string, unknown> {
  const columns = tableMeta(table).columns;
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
