import type { Table } from "drizzle-orm";
import type { ActivityNoter } from "../../shared/activity";
import { HttpError } from "../../shared/errors";
import { deleteRow, findRowBy } from "../pages/page-store";
import { tableMeta } from "../table-meta";
import { mediaBindings, type MediaEnv } from "./media-env";
import { findMediaReferences, type MediaReference, type MediaReferenceTarget } from "./media-references";

export interface DeleteMediaOptions {
  /** Content tables scanned for the asset's address (any spelling of `{MEDIA_URL}/<key>`) before deleting. */
  references: readonly MediaReferenceTarget[];
  /** Delete even when referenced (`force=1`). */
  force?: boolean;
  /** Registry table; without it the bucket itself says whether the asset exists. */
  registry?: Table;
  /** Told `media.deleted` once the asset is gone. */
  activity?: ActivityNoter;
}

/**
 * Deletes one asset: 404 when it does not exist; 409 `in_use` listing the references when a content
 * table still points at it and `force` is not set; otherwise the registry row and the object go.
 * Returns the references that were overridden (empty unless forced).
 *
 * @example
 * await deleteMedia(env, key, { references: [{ table: pages, fields: ["body"] }], registry: media });
 */
export async function deleteMedia(env: MediaEnv, key: string, options: DeleteMediaOptions): Promise<MediaReference[]> {
  const { bucket, base } = mediaBindings(env);
  const meta = options.registry ? tableMeta(options.registry) : null;
  const row = meta ? await findRowBy(env.DB, meta, "key", key) : null;
  const exists = meta ? row !== null : (await bucket.head(key)) !== null;
  if (!exists) throw new HttpError(404, `media ${key} not found`, { code: "not_found" });
  const references = await findMediaReferences(env.DB, options.references, base, key);
  if (references.length > 0 && !options.force) {
    throw new HttpError(409, `media ${key} is still used in ${references.length} place(s); delete with force=1 to remove it anyway`, {
      code: "in_use",
      details: { references },
    });
  }
  // Registry first: a half-finished delete then leaves an unlisted object, never a listed missing one.
  if (meta && row) await deleteRow(env.DB, meta, row[meta.primaryKey] as number);
  await bucket.delete(key);
  const name = typeof row?.name === "string" && row.name !== "" ? { name: row.name } : {};
  options.activity?.({ kind: "media.deleted", detail: { key, ...name } });
  return references;
}
