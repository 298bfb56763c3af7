import type { Money } from "../money";
import { resolvePosConfig, type PosConfig } from "./config";
import { mapOrder } from "./order-map";
import { posRequest } from "./transport";
import type { PosOrder } from "./types";
import { moneyToWire, obj, stripUndefined, type Wire } from "./wire";

/** One line of an order to create or price: a catalog variation, or an ad-hoc named amount. */
export type PosOrderLineInput =
  | { catalogObjectId: string; quantity: number; note?: string }
  | { name: string; quantity: number; basePrice: Money; note?: string };

/** An order to create or price. */
export interface PosOrderInput {
  locationId: string;
  lineItems: PosOrderLineInput[];
  customerId?: string;
  referenceId?: string;
}

function orderToWire(order: PosOrderInput): Wire {
  return stripUndefined({
    location_id: order.locationId,
    customer_id: order.customerId,
    reference_id: order.referenceId,
    line_items: order.lineItems.map((line) =>
      "catalogObjectId" in line
        ? stripUndefined({ catalog_object_id: line.catalogObjectId, quantity: String(line.quantity), note: line.note })
        : stripUndefined({ name: line.name, quantity: String(line.quantity), base_price_money: moneyToWire(line.basePrice), note: line.note }),
    ),
  });
}

/**
 * Creates an order (prices computed by the provider).
 *
 * @example
 * const order = await createOrder(pos, { locationId: "L1", lineItems: [{ catalogObjectId: "VAR_1", quantity: 2 }] })
 */
export async function createOrder(config: PosConfig, order: PosOrderInput): Promise<PosOrder> {
  const body = await posRequest<Wire>(config, {
    method: "POST",
    path: "/v2/orders",
    json: { idempotency_key: resolvePosConfig(config).idempotencyKey(), order: orderToWire(order) },
  });
  return mapOrder(body.order);
}

/**
 * One order, or `null` when unknown.
 *
 * @example
 * const order = await retrieveOrder(pos, "ORDER_1")
 */
export async function retrieveOrder(config: PosConfig, id: string): Promise<PosOrder | null> {
  const body = await posRequest<Wire>(config, { method: "GET", path: `/v2/orders/${encodeURIComponent(id)}`, nullOn404: true });
  return body ? mapOrder(body.order) : null;
}

/**
 * Prices an order (totals, taxes, discounts) without persisting it.
 *
 * @example
 * const { totalMoney } = await calculateOrder(pos, { locationId: "L1", lineItems: [{ catalogObjectId: "VAR_1", quantity: 1 }] })
 */
export async function calculateOrder(config: PosConfig, order: PosOrderInput): Promise<PosOrder> {
  const body = await posRequest<Wire>(config, { method: "POST", path: "/v2/orders/calculate", json: { order: orderToWire(order) } });
  return mapOrder(obj(body.order));
}
