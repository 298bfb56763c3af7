import type { PosCatalogItem, PosLocationOverride, PosPresence, PosVariation } from "./types";
import { arr, moneyFromWire, num, obj, str } from "./wire";

function presence(raw: Record<string, unknown>): { presentAt: PosPresence; absentAt: string[] } {
  const ids = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);
  // The provider's default for a missing flag is "present everywhere".
  const everywhere = raw.present_at_all_locations !== false;
  return {
    presentAt: everywhere ? "all" : ids(raw.present_at_location_ids),
    absentAt: everywhere ? ids(raw.absent_at_location_ids) : [],
  };
}

function mapVariation(raw: unknown): PosVariation {
  const v = obj(raw);
  const data = obj(v.item_variation_data);
  const overrides: PosLocationOverride[] = arr(data.location_overrides).map((o) => {
    const override: PosLocationOverride = { locationId: str(o.location_id) ?? "" };
    const price = moneyFromWire(o.price_money);
    if (price) override.price = price;
    if (typeof o.track_inventory === "boolean") override.trackInventory = o.track_inventory;
    return override;
  });
  return {
    id: str(v.id) ?? "",
    version: num(v.version),
    itemId: str(data.item_id),
    name: str(data.name) ?? "",
    sku: str(data.sku),
    price: moneyFromWire(data.price_money),
    ...presence(v),
    locationOverrides: overrides,
  };
}

/**
 * Maps a raw `ITEM` catalog object (snake_case wire JSON) to a `PosCatalogItem`.
 *
 * @example
 * const item = mapCatalogItem(body.object)
 */
export function mapCatalogItem(raw: unknown): PosCatalogItem {
  const o = obj(raw);
  const data = obj(o.item_data);
  const imageIds = Array.isArray(data.image_ids) ? data.image_ids.filter((v): v is string => typeof v === "string") : [];
  return {
    id: str(o.id) ?? "",
    version: num(o.version),
    name: str(data.name) ?? "",
    description: str(data.description),
    categoryId: str(obj(data.reporting_category).id) ?? str(data.category_id),
    imageIds,
    ...presence(o),
    variations: arr(data.variations).map(mapVariation),
    updatedAt: str(o.updated_at),
  };
}
