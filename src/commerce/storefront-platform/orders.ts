import { CommerceError } from "../error";
import type { StorefrontPlatformConfig } from "./config";
import { platformRequest } from "./transport";
import { priceToMoney, type AtCostBreakdown, type ExternalOrder, type ExternalOrderInput, type ExternalOrderPage } from "./types";

type WireRecord = Record<string, unknown>;

/*
 * The order statuses the provider documents (Fourthwall's Platform API: CONFIRMED,
 * PARTIALLY_IN_PRODUCTION, IN_PRODUCTION, PARTIALLY_SHIPPED, SHIPPED, PARTIALLY_DELIVERED, DELIVERED,
 * CANCELLED, COMPLETED) and PACKAGED, which SPEC.md names. Only a CONFIRMED order has not started
 * production; every other known status is past the point of cancelling. A status the provider adds
 * later is left to the provider to refuse.
 */
const NOT_CANCELLABLE = new Set([
  "PARTIALLY_IN_PRODUCTION", "IN_PRODUCTION", "PACKAGED", "PARTIALLY_SHIPPED", "SHIPPED",
  "PARTIALLY_DELIVERED", "DELIVERED", "COMPLETED", "CANCELLED",
]);

function mapOrder(raw: unknown): ExternalOrder {
  const o = (typeof raw === "object" && raw !== null ? raw : {}) as WireRecord;
  return {
    id: typeof o.id === "string" ? o.id : "",
    externalId: typeof o.externalId === "string" ? o.externalId : undefined,
    status: typeof o.status === "string" ? o.status : "",
    createdAt: typeof o.createdAt === "string" ? o.createdAt : undefined,
  };
}

/**
 * Prices an order without creating it: the only source of the at-cost breakdown before money is
 * committed (shipping depends on the destination and how items split across facilities). Call it first.
 *
 * @example
 * const { totalCreatorCost } = await validateExternalOrder(platform, order)
 */
export async function validateExternalOrder(config: StorefrontPlatformConfig, input: ExternalOrderInput): Promise<AtCostBreakdown> {
  const body = await platformRequest<WireRecord>(config, { method: "POST", path: "/external-orders/validate", json: input });
  const costs = (typeof body.costs === "object" && body.costs !== null ? body.costs : body) as WireRecord;
  return {
    manufacturingCost: priceToMoney(costs.manufacturingCost),
    fulfillmentFee: priceToMoney(costs.fulfillmentFee),
    shippingCost: priceToMoney(costs.shippingCost),
    totalCreatorCost: priceToMoney(costs.totalCreatorCost),
  };
}

/**
 * Creates a chargeable order. Never retried, even with `config.retry`: the API has no
 * idempotency header, so a retry could fulfil (and charge) twice. For at-most-once across queue
 * redelivery use `createExternalOrderOnce`.
 *
 * @example
 * const order = await createExternalOrder(platform, { externalId: "etsy-991", email, shippingAddress, items })
 */
export async function createExternalOrder(config: StorefrontPlatformConfig, input: ExternalOrderInput): Promise<ExternalOrder> {
  const body = await platformRequest<unknown>(config, { method: "POST", path: "/external-orders", json: input, retryable: false });
  return mapOrder(body);
}

/**
 * One page of external orders (0-based), optionally filtered by status.
 *
 * @example
 * const { orders, hasNextPage } = await listExternalOrders(platform, { status: ["CONFIRMED"], page: 0 })
 */
export async function listExternalOrders(
  config: StorefrontPlatformConfig,
  options: { page?: number; size?: number; status?: string[] } = {},
): Promise<ExternalOrderPage> {
  const page = options.page ?? 0;
  const body = await platformRequest<WireRecord>(config, {
    method: "GET",
    path: "/external-orders",
    query: { page, size: options.size ?? 50, status: options.status?.length ? options.status.join(",") : undefined },
  });
  const results = Array.isArray(body.results) ? body.results : [];
  const paging = (typeof body.paging === "object" && body.paging !== null ? body.paging : {}) as WireRecord;
  return { orders: results.map(mapOrder), page, hasNextPage: paging.hasNextPage === true };
}

/**
 * Every external order over all pages, fetched lazily page by page.
 *
 * @example
 * for await (const order of iterateExternalOrders(platform, { status: ["SHIPPED"] })) console.log(order.id)
 */
export async function* iterateExternalOrders(
  config: StorefrontPlatformConfig,
  options: { size?: number; status?: string[] } = {},
): AsyncGenerator<ExternalOrder> {
  for (let page = 0; ; page++) {
    const result = await listExternalOrders(config, { ...options, page });
    yield* result.orders;
    if (!result.hasNextPage || result.orders.length === 0) return;
  }
}

/**
 * One external order, or `null` when unknown.
 *
 * @example
 * const order = await getExternalOrder(platform, "ord_1")
 */
export async function getExternalOrder(config: StorefrontPlatformConfig, id: string): Promise<ExternalOrder | null> {
  const body = await platformRequest<unknown>(config, { method: "GET", path: `/external-orders/${encodeURIComponent(id)}`, nullOn404: true });
  return body === null ? null : mapOrder(body);
}

/**
 * Whether an order may still be cancelled: not once production has started (`IN_PRODUCTION`,
 * `PACKAGED`, `SHIPPED`, delivered, completed) nor when it is already `CANCELLED`. `CONFIRMED` is
 * cancellable; an unknown status is left to the provider.
 *
 * @example
 * isCancellable({ status: "SHIPPED" }) // false
 * isCancellable({ status: "CONFIRMED" }) // true
 */
export function isCancellable(order: Pick<ExternalOrder, "status">): boolean {
  return !NOT_CANCELLABLE.has(order.status.toUpperCase());
}

/**
 * Cancels an order. Given an order object whose status is not cancellable (`isCancellable`), it refuses
 * without sending anything; given only an id, it reads the order first.
 *
 * @example
 * await cancelExternalOrder(platform, order)
 */
export async function cancelExternalOrder(
  config: StorefrontPlatformConfig,
  order: string | Pick<ExternalOrder, "id" | "status">,
): Promise<ExternalOrder> {
  const path = `/external-orders/${encodeURIComponent(typeof order === "string" ? order : order.id)}/cancel`;
  const known = typeof order === "string" ? await getExternalOrder(config, order) : order;
  if (known && !isCancellable(known)) {
    throw new CommerceError(`storefront-platform order ${known.id} is ${known.status} and can no longer be cancelled`, {
      provider: "storefront-platform", method: "POST", url: path, code: "NOT_CANCELLABLE",
    });
  }
  const body = await platformRequest<unknown>(config, { method: "POST", path });
  return mapOrder(body);
}
