import type { PosOrder } from "./types";
import { arr, moneyFromWire, num, obj, str } from "./wire";

/**
 * Maps a raw order (snake_case wire JSON) to a `PosOrder`.
 *
 * @example
 * const order = mapOrder(body.order)
 */
export function mapOrder(raw: unknown): PosOrder {
  const o = obj(raw);
  return {
    id: str(o.id) ?? "",
    locationId: str(o.location_id) ?? "",
    state: str(o.state),
    customerId: str(o.customer_id),
    referenceId: str(o.reference_id),
    lineItems: arr(o.line_items).map((l) => ({
      uid: str(l.uid),
      name: str(l.name),
      quantity: str(l.quantity) ?? "1",
      catalogObjectId: str(l.catalog_object_id),
      basePrice: moneyFromWire(l.base_price_money),
      totalMoney: moneyFromWire(l.total_money),
    })),
    totalMoney: moneyFromWire(o.total_money),
    totalTaxMoney: moneyFromWire(o.total_tax_money),
    totalDiscountMoney: moneyFromWire(o.total_discount_money),
    version: num(o.version),
    createdAt: str(o.created_at),
    updatedAt: str(o.updated_at),
  };
}
