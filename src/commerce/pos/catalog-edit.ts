import { resolvePosConfig, type PosConfig } from "./config";
import { posRequest } from "./transport";
import { obj, type Wire } from "./wire";

/** Changes a raw catalog object in place, or returns the object to write instead. */
export type CatalogMutator = (raw: Wire) => Wire | void | Promise<Wire | void>;

/**
 * Changes part of an existing catalog object without losing anything: reads the raw object,
 * hands it to `mutate`, and writes back exactly what the mutator left, stamped with the version
 * the read returned and sent under the same pinned `Pos-Version` as the read. If someone else
 * wrote in between, the provider refuses the stale version and this throws; it never overwrites.
 * The object is never rebuilt from modelled fields, because a write at a newer API version would
 * erase fields an older read did not carry. Returns the object the provider stored.
 *
 * @example
 * await readModifyWriteCatalog(pos, "ITEM_1", (raw) => { (raw.item_data as { name: string }).name = "Tee (2025)" })
 */
export async function readModifyWriteCatalog(config: PosConfig, id: string, mutate: CatalogMutator): Promise<Wire> {
  // One resolved version for both calls, even if the caller's config object changes meanwhile.
  const pinned: PosConfig = { ...config, version: resolvePosConfig(config).version };
  const read = await posRequest<Wire>(pinned, { method: "GET", path: `/v2/catalog/object/${encodeURIComponent(id)}` });
  const raw = obj(read.object);
  const readVersion = raw.version;
  const returned = await mutate(raw);
  const object: Wire = { ...(returned ?? raw), version: readVersion };
  const written = await posRequest<Wire>(pinned, {
    method: "POST",
    path: "/v2/catalog/object",
    json: { idempotency_key: resolvePosConfig(pinned).idempotencyKey(), object },
  });
  return obj(written.catalog_object);
}
