import { resolvePosConfig, type PosConfig } from "./config";
import { assertValidCatalogItem, itemToWire, type PosItemInput } from "./catalog-input";
import { mapCatalogItem } from "./catalog-map";
import { posRequest } from "./transport";
import type { PosCatalogItem } from "./types";
import { arr, obj, str, type Wire } from "./wire";

/** What the provider answered to an upsert: the stored items and temporary-to-real id pairs. */
export interface PosUpsertResult {
  items: PosCatalogItem[];
  idMappings: Record<string, string>;
}

function idMappings(body: Wire): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of arr(body.id_mappings)) {
    const from = str(m.client_object_id);
    const to = str(m.object_id);
    if (from && to) out[from] = to;
  }
  return out;
}

/**
 * Creates or wholesale-replaces one item with its variations. Refuses locally (no request) an
 * item over 250 variations or with a variation sold where the item is not.
 *
 * @example
 * const { items } = await upsertCatalogItem(pos, { name: "Tee", presentAt: ["L1"], variations: [{ name: "S", price: { amount: 2000, currency: "USD" } }] })
 */
export async function upsertCatalogItem(config: PosConfig, item: PosItemInput): Promise<PosUpsertResult> {
  assertValidCatalogItem(item, "POST", "/v2/catalog/object");
  const body = await posRequest<Wire>(config, {
    method: "POST",
    path: "/v2/catalog/object",
    json: { idempotency_key: resolvePosConfig(config).idempotencyKey(), object: itemToWire(item, "item") },
  });
  return { items: [mapCatalogItem(body.catalog_object)], idMappings: idMappings(body) };
}

/**
 * Creates or replaces many items in one batch (per-location prices through `locationOverrides`
 * or `priceAtLocation`, presence through `presentAt`). Every item is checked before the request;
 * one bad item refuses the whole batch.
 *
 * @example
 * await batchUpsertCatalogObjects(pos, [{ name: "Tee", variations: [{ name: "S", priceAtLocation: { L1: { amount: 2000, currency: "USD" } } }] }])
 */
export async function batchUpsertCatalogObjects(config: PosConfig, items: PosItemInput[]): Promise<PosUpsertResult> {
  for (const item of items) assertValidCatalogItem(item, "POST", "/v2/catalog/batch-upsert");
  const body = await posRequest<Wire>(config, {
    method: "POST",
    path: "/v2/catalog/batch-upsert",
    json: {
      idempotency_key: resolvePosConfig(config).idempotencyKey(),
      batches: [{ objects: items.map((item, index) => itemToWire(item, `item${index}`)) }],
    },
  });
  const stored = arr(body.objects).filter((o) => o.type === "ITEM");
  return { items: stored.map((o) => mapCatalogItem(obj(o))), idMappings: idMappings(body) };
}
