import { resolvePosConfig, type PosConfig } from "./config";
import { posRequest } from "./transport";
import type { PosCard, PosSubscription } from "./types";
import { arr, num, obj, str, stripUndefined, type Wire } from "./wire";

function mapCard(raw: unknown): PosCard {
  const c = obj(raw);
  return {
    id: str(c.id) ?? "",
    customerId: str(c.customer_id),
    brand: str(c.card_brand),
    last4: str(c.last_4),
    expMonth: num(c.exp_month),
    expYear: num(c.exp_year),
    enabled: c.enabled !== false,
  };
}

function mapSubscription(raw: unknown): PosSubscription {
  const s = obj(raw);
  return {
    id: str(s.id) ?? "",
    customerId: str(s.customer_id),
    locationId: str(s.location_id),
    planVariationId: str(s.plan_variation_id),
    status: str(s.status),
    startDate: str(s.start_date),
    cardId: str(s.card_id),
  };
}

/**
 * Stores a card on file for a customer from a client-side card token.
 *
 * @example
 * const card = await createCard(pos, { sourceId: token, customerId: "CUST_1" })
 */
export async function createCard(
  config: PosConfig,
  input: { sourceId: string; customerId: string; cardholderName?: string; referenceId?: string },
): Promise<PosCard> {
  const body = await posRequest<Wire>(config, {
    method: "POST",
    path: "/v2/cards",
    json: {
      idempotency_key: resolvePosConfig(config).idempotencyKey(),
      source_id: input.sourceId,
      card: stripUndefined({ customer_id: input.customerId, cardholder_name: input.cardholderName, reference_id: input.referenceId }),
    },
  });
  return mapCard(body.card);
}

/**
 * Every subscription of one customer, over all pages.
 *
 * @example
 * const subs = await searchSubscriptionsByCustomer(pos, "CUST_1")
 */
export async function searchSubscriptionsByCustomer(config: PosConfig, customerId: string): Promise<PosSubscription[]> {
  const subscriptions: PosSubscription[] = [];
  let cursor: string | undefined;
  do {
    const body = await posRequest<Wire>(config, {
      method: "POST",
      path: "/v2/subscriptions/search",
      json: stripUndefined({ cursor, query: { filter: { customer_ids: [customerId] } } }),
    });
    subscriptions.push(...arr(body.subscriptions).map(mapSubscription));
    cursor = str(body.cursor) || undefined;
  } while (cursor);
  return subscriptions;
}

/**
 * Subscribes a customer to a plan variation, billed to a card on file.
 *
 * @example
 * await createSubscription(pos, { locationId: "L1", planVariationId: "PLAN_V1", customerId: "CUST_1", cardId: card.id })
 */
export async function createSubscription(
  config: PosConfig,
  input: { locationId: string; planVariationId: string; customerId: string; cardId?: string; startDate?: string },
): Promise<PosSubscription> {
  const body = await posRequest<Wire>(config, {
    method: "POST",
    path: "/v2/subscriptions",
    json: stripUndefined({
      idempotency_key: resolvePosConfig(config).idempotencyKey(),
      location_id: input.locationId,
      plan_variation_id: input.planVariationId,
      customer_id: input.customerId,
      card_id: input.cardId,
      start_date: input.startDate,
    }),
  });
  return mapSubscription(body.subscription);
}
