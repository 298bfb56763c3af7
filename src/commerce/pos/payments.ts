import type { Money } from "../money";
import { resolvePosConfig, type PosConfig } from "./config";
import { posRequest } from "./transport";
import type { PosPayment } from "./types";
import { moneyFromWire, moneyToWire, obj, str, stripUndefined, type Wire } from "./wire";

/** A charge of a client-side card token (or a card on file) against an order. */
export interface PosPaymentInput {
  /** Card nonce from the web payments form, or a card-on-file id. */
  sourceId: string;
  amount: Money;
  orderId?: string;
  customerId?: string;
  locationId?: string;
  referenceId?: string;
  /** Reuse to make a resubmitted charge a no-op; generated when absent. */
  idempotencyKey?: string;
}

/**
 * Maps a raw payment to a `PosPayment`.
 *
 * @example
 * mapPayment(body.payment).status
 */
export function mapPayment(raw: unknown): PosPayment {
  const p = obj(raw);
  return {
    id: str(p.id) ?? "",
    status: str(p.status),
    orderId: str(p.order_id),
    customerId: str(p.customer_id),
    amount: moneyFromWire(p.amount_money),
    totalMoney: moneyFromWire(p.total_money),
    receiptUrl: str(p.receipt_url),
    createdAt: str(p.created_at),
  };
}

/**
 * Charges a card token against an order. The idempotency key is fixed before the first try, so
 * a retried charge (with `retry` set) cannot charge twice.
 *
 * @example
 * const payment = await createPayment(pos, { sourceId: token, amount: order.totalMoney!, orderId: order.id })
 */
export async function createPayment(config: PosConfig, input: PosPaymentInput): Promise<PosPayment> {
  const body = await posRequest<Wire>(config, {
    method: "POST",
    path: "/v2/payments",
    json: stripUndefined({
      idempotency_key: input.idempotencyKey ?? resolvePosConfig(config).idempotencyKey(),
      source_id: input.sourceId,
      amount_money: moneyToWire(input.amount),
      order_id: input.orderId,
      customer_id: input.customerId,
      location_id: input.locationId,
      reference_id: input.referenceId,
    }),
  });
  return mapPayment(body.payment);
}
