import type { PosConfig } from "./config";
import { mapCatalogItem } from "./catalog-map";
import { posRequest } from "./transport";
import type { PosCatalogItem, PosMoney } from "./types";
import { obj, str, type Wire } from "./wire";

/**
 * Every `ITEM` in the catalog, following the cursor over all pages.
 *
 * @example
 * const items = await listCatalogItems(pos)
 */
export async function listCatalogItems(config: PosConfig): Promise<PosCatalogItem[]> {
  const items: PosCatalogItem[] = [];
  let cursor: string | undefined;
  do {
    const body = await posRequest<Wire>(config, { method: "GET", path: "/v2/catalog/list", query: { types: "ITEM", cursor } });
    for (const raw of Array.isArray(body.objects) ? body.objects : []) items.push(mapCatalogItem(raw));
    cursor = str(body.cursor) || undefined;
  } while (cursor);
  return items;
}

/**
 * The raw catalog object as the provider sent it, or `null` when unknown. Used by
 * `readModifyWriteCatalog`, which must not lose fields this client does not model.
 */
export async function retrieveRawCatalogObject(config: PosConfig, id: string): Promise<Wire | null> {
  const body = await posRequest<Wire>(config, {
    method: "GET", path: `/v2/catalog/object/${encodeURIComponent(id)}`, nullOn404: true,
  });
  return body ? obj(body.object) : null;
}

/**
 * One catalog item, or `null` when the id is unknown.
 *
 * @example
 * const item = await retrieveCatalogItem(pos, "ITEM_1")
 */
export async function retrieveCatalogItem(config: PosConfig, id: string): Promise<PosCatalogItem | null> {
  const raw = await retrieveRawCatalogObject(config, id);
  return raw ? mapCatalogItem(raw) : null;
}

/** The base price of one variation and the prices that differ per location. */
export interface PosVariationPrice {
  variationId: string;
  name: string;
  price: PosMoney | undefined;
  byLocation: Record<string, PosMoney>;
}

/**
 * Base and per-location prices of each variation of an item (an empty list when the item is unknown).
 *
 * @example
 * const [first] = await retrieveVariationPrices(pos, "ITEM_1"); first.byLocation["L2"]
 */
export async function retrieveVariationPrices(config: PosConfig, itemId: string): Promise<PosVariationPrice[]> {
  const item = await retrieveCatalogItem(config, itemId);
  if (!item) return [];
  return item.variations.map((v) => {
    const byLocation: Record<string, PosMoney> = {};
    for (const o of v.locationOverrides) if (o.price) byLocation[o.locationId] = o.price;
    return { variationId: v.id, name: v.name, price: v.price, byLocation };
  });
}
