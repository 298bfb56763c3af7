import { resolvePosConfig, type PosConfig } from "./config";
import { posRequest } from "./transport";
import type { PosInventoryCount } from "./types";
import { arr, str, type Wire } from "./wire";

/** One inventory change in the provider's wire shape (`type` plus `physical_count`/`adjustment`). */
export type PosInventoryChange = Wire;

/**
 * Counts of the given catalog objects (optionally at given locations), over every page.
 *
 * @example
 * const counts = await retrieveInventoryCounts(pos, ["VAR_1"], ["L1"])
 */
export async function retrieveInventoryCounts(
  config: PosConfig,
  catalogObjectIds: string[],
  locationIds?: string[],
): Promise<PosInventoryCount[]> {
  const counts: PosInventoryCount[] = [];
  let cursor: string | undefined;
  do {
    const body = await posRequest<Wire>(config, {
      method: "POST",
      path: "/v2/inventory/counts/batch-retrieve",
      json: { catalog_object_ids: catalogObjectIds, location_ids: locationIds, cursor },
    });
    for (const c of arr(body.counts)) {
      counts.push({
        catalogObjectId: str(c.catalog_object_id) ?? "",
        locationId: str(c.location_id) ?? "",
        state: str(c.state) ?? "",
        quantity: Number(str(c.quantity) ?? "0"),
        calculatedAt: str(c.calculated_at),
      });
    }
    cursor = str(body.cursor) || undefined;
  } while (cursor);
  return counts;
}

/**
 * Applies several inventory changes atomically under one idempotency key.
 *
 * @example
 * await batchChangeInventory(pos, [{ type: "ADJUSTMENT", adjustment: { ... } }])
 */
export async function batchChangeInventory(config: PosConfig, changes: PosInventoryChange[]): Promise<PosInventoryCount[]> {
  const body = await posRequest<Wire>(config, {
    method: "POST",
    path: "/v2/inventory/changes/batch-create",
    json: { idempotency_key: resolvePosConfig(config).idempotencyKey(), changes, ignore_unchanged_counts: true },
  });
  return arr(body.counts).map((c) => ({
    catalogObjectId: str(c.catalog_object_id) ?? "",
    locationId: str(c.location_id) ?? "",
    state: str(c.state) ?? "",
    quantity: Number(str(c.quantity) ?? "0"),
    calculatedAt: str(c.calculated_at),
  }));
}

/**
 * Records an absolute in-stock count of one variation at one location (a stock take).
 *
 * @example
 * await setPhysicalCount(pos, { catalogObjectId: "VAR_1", locationId: "L1", quantity: 12 })
 */
export async function setPhysicalCount(
  config: PosConfig,
  input: { catalogObjectId: string; locationId: string; quantity: number; occurredAt?: string },
): Promise<PosInventoryCount[]> {
  const occurredAt = input.occurredAt ?? new Date(resolvePosConfig(config).now()).toISOString();
  return batchChangeInventory(config, [
    {
      type: "PHYSICAL_COUNT",
      physical_count: {
        catalog_object_id: input.catalogObjectId,
        location_id: input.locationId,
        state: "IN_STOCK",
        quantity: String(input.quantity),
        occurred_at: occurredAt,
      },
    },
  ]);
}
