import { CommerceError } from "../error";
import type { PosLocationOverride, PosMoney, PosPresence } from "./types";
import { moneyToWire, stripUndefined, type Wire } from "./wire";

/** The provider's cap on variations per item. */
export const MAX_VARIATIONS_PER_ITEM = 250;

/** A variation to create or replace. */
export interface PosVariationInput {
  id?: string;
  version?: number;
  name: string;
  sku?: string;
  /** Base price; absent means a variable price set at sale time. */
  price?: PosMoney;
  /** Where it is sold; defaults to the item's presence. */
  presentAt?: PosPresence;
  /** Per-location price or stock tracking. */
  locationOverrides?: PosLocationOverride[];
  /** Sold only at these locations, each at its own price (presence and override in one). */
  priceAtLocation?: Record<string, PosMoney>;
}

/** An item to create or wholesale-replace. */
export interface PosItemInput {
  id?: string;
  version?: number;
  name: string;
  description?: string;
  categoryId?: string;
  imageIds?: string[];
  /** Where it is sold; defaults to every location. */
  presentAt?: PosPresence;
  variations: PosVariationInput[];
}

function variationPresence(item: PosItemInput, v: PosVariationInput): PosPresence {
  if (v.priceAtLocation) return Object.keys(v.priceAtLocation);
  return v.presentAt ?? item.presentAt ?? "all";
}

function soldAt(presence: PosPresence, location: string): boolean {
  return presence === "all" || presence.includes(location);
}

/**
 * Refuses, before any request, an item the provider would reject or silently mangle: more than
 * `MAX_VARIATIONS_PER_ITEM` variations, or a variation sold (or priced) where its item is not.
 *
 * @example
 * assertValidCatalogItem({ name: "Tee", presentAt: ["L1"], variations: [{ name: "S", presentAt: ["L2"] }] }) // throws
 */
export function assertValidCatalogItem(item: PosItemInput, method = "POST", url = "/v2/catalog"): void {
  const fail = (message: string) => {
    throw new CommerceError(`pos catalog item "${item.name}": ${message}`, { provider: "pos", method, url });
  };
  if (item.variations.length > MAX_VARIATIONS_PER_ITEM) {
    fail(`${item.variations.length} variations exceed the limit of ${MAX_VARIATIONS_PER_ITEM}`);
  }
  const itemPresence = item.presentAt ?? "all";
  if (itemPresence === "all") return;
  for (const v of item.variations) {
    const presence = variationPresence(item, v);
    if (presence === "all") fail(`variation "${v.name}" is sold at every location but the item is not`);
    const priced = (v.locationOverrides ?? []).map((o) => o.locationId);
    for (const location of [...presence, ...priced]) {
      if (!soldAt(itemPresence, location)) fail(`variation "${v.name}" is sold at ${location}, where the item is not`);
    }
  }
}

function presenceToWire(presence: PosPresence): Wire {
  return presence === "all"
    ? { present_at_all_locations: true }
    : { present_at_all_locations: false, present_at_location_ids: [...presence] };
}

function overridesToWire(v: PosVariationInput): Wire[] | undefined {
  const overrides: Wire[] = (v.locationOverrides ?? []).map((o) =>
    stripUndefined({
      location_id: o.locationId,
      price_money: o.price ? moneyToWire(o.price) : undefined,
      track_inventory: o.trackInventory,
    }),
  );
  for (const [location, price] of Object.entries(v.priceAtLocation ?? {})) {
    overrides.push({ location_id: location, price_money: moneyToWire(price) });
  }
  return overrides.length ? overrides : undefined;
}

/**
 * Builds the wire `ITEM` object; new objects get `#`-prefixed temporary ids, which the provider
 * maps to real ids in its answer.
 *
 * @example
 * itemToWire({ name: "Tee", variations: [{ name: "S", price: { amount: 2000, currency: "USD" } }] }, "tee")
 */
export function itemToWire(item: PosItemInput, tempKey: string): Wire {
  const itemId = item.id ?? `#${tempKey}`;
  const variations = item.variations.map((v, index) =>
    stripUndefined({
      type: "ITEM_VARIATION",
      id: v.id ?? `#${tempKey}-v${index}`,
      version: v.version,
      ...presenceToWire(variationPresence(item, v)),
      item_variation_data: stripUndefined({
        item_id: itemId,
        name: v.name,
        sku: v.sku,
        pricing_type: v.price ? "FIXED_PRICING" : "VARIABLE_PRICING",
        price_money: v.price ? moneyToWire(v.price) : undefined,
        location_overrides: overridesToWire(v),
      }),
    }),
  );
  return stripUndefined({
    type: "ITEM",
    id: itemId,
    version: item.version,
    ...presenceToWire(item.presentAt ?? "all"),
    item_data: stripUndefined({
      name: item.name,
      description: item.description,
      reporting_category: item.categoryId ? { id: item.categoryId } : undefined,
      image_ids: item.imageIds?.length ? item.imageIds : undefined,
      variations,
    }),
  });
}
