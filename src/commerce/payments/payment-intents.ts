import { cartTotal, type CartItem } from "./cart";
import { paymentsCall, paymentsInputError, paymentsUrl, type PaymentsOptions, type PaymentsWriteOptions } from "./client";
import { metadataProblem } from "./metadata";
import type { PaymentIntent, PaymentsMetadata } from "./types";

/** Options of `createPaymentIntent`. */
export interface CreatePaymentIntentOptions extends PaymentsWriteOptions {
  metadata?: PaymentsMetadata;
  /** An existing customer id (see `ensurePaymentsCustomer`). */
  customer?: string;
  description?: string;
  receiptEmail?: string;
  /** Lets the provider pick the payment methods enabled in the dashboard; default `true`. */
  automaticPaymentMethods?: boolean;
}

/**
 * Creates a payment intent for a multi-item cart. The amount is computed here from the items,
 * never taken from a client total; invalid carts (empty, mixed currencies, non-integer or negative
 * unit amounts, quantity below 1) and oversized metadata throw a `CommerceError` before any request.
 *
 * @example
 * const intent = await createPaymentIntent(env.PAYMENTS_SECRET_KEY, [
 *   { name: "Poster", unitAmount: 1500, quantity: 2, currency: "usd" },
 * ], { metadata: { orderId: "42" }, idempotencyKey: `order-42` });
 * return Response.json({ clientSecret: intent.client_secret });
 */
export async function createPaymentIntent(
  secretKey: string,
  items: readonly CartItem[],
  options: CreatePaymentIntentOptions = {},
): Promise<PaymentIntent> {
  const path = "/v1/payment_intents";
  const total = cartTotal(items);
  if (!total.ok) throw paymentsInputError(total.message, "POST", paymentsUrl(options, path));
  const problem = metadataProblem(options.metadata);
  if (problem) throw paymentsInputError(problem, "POST", paymentsUrl(options, path));
  return paymentsCall<PaymentIntent>(secretKey, options, {
    method: "POST",
    path,
    idempotencyKey: options.idempotencyKey,
    params: {
      amount: total.amount,
      currency: total.currency,
      automatic_payment_methods: { enabled: options.automaticPaymentMethods ?? true },
      customer: options.customer,
      description: options.description,
      receipt_email: options.receiptEmail,
      metadata: options.metadata,
    },
  });
}

/**
 * Fetches a payment intent by id: the authoritative state, where a webhook payload is only a pointer.
 *
 * @example
 * const intent = await retrievePaymentIntent(env.PAYMENTS_SECRET_KEY, "pi_123");
 * if (intent.status === "succeeded") await markPaid(intent.metadata.orderId);
 */
export async function retrievePaymentIntent(secretKey: string, id: string, options: PaymentsOptions = {}): Promise<PaymentIntent> {
  if (typeof id !== "string" || id.trim() === "") {
    throw paymentsInputError("a payment intent id is required", "GET", paymentsUrl(options, "/v1/payment_intents"));
  }
  return paymentsCall<PaymentIntent>(secretKey, options, { method: "GET", path: `/v1/payment_intents/${encodeURIComponent(id)}` });
}
