import { paymentsCall, type PaymentsOptions } from "./client";
import { checkPaymentsSignature, type PaymentsSignatureFailure, type VerifyPaymentsSignatureOptions } from "./signature";

/** Why `receivePaymentsEvent` refused a webhook before re-fetching anything. */
export type PaymentsWebhookFailure = PaymentsSignatureFailure | "invalid_payload";

/**
 * A webhook that failed verification or did not carry an event pointer. Answer it with a 400;
 * it is the sender's fault, not the provider API's.
 *
 * @example
 * if (error instanceof PaymentsWebhookError) return new Response(error.message, { status: 400 });
 */
export class PaymentsWebhookError extends Error {
  readonly reason: PaymentsWebhookFailure;

  constructor(reason: PaymentsWebhookFailure, message: string) {
    super(message);
    this.name = "PaymentsWebhookError";
    this.reason = reason;
  }
}

/** A verified event whose object was re-fetched from the API, so it is current and authentic. */
export interface PaymentsEvent<T = Record<string, unknown>> {
  id: string;
  type: string;
  created: number;
  livemode: boolean;
  /** The object as the API answers now, not the snapshot inside the webhook. */
  object: T;
}

/** Options of `receivePaymentsEvent`. */
export interface ReceivePaymentsEventOptions extends PaymentsOptions, VerifyPaymentsSignatureOptions {}

/* Where each object kind can be fetched; other kinds fall back to re-fetching the event itself. */
const OBJECT_PATHS: Record<string, string> = {
  payment_intent: "/v1/payment_intents",
  charge: "/v1/charges",
  refund: "/v1/refunds",
  customer: "/v1/customers",
  invoice: "/v1/invoices",
  subscription: "/v1/subscriptions",
  "checkout.session": "/v1/checkout/sessions",
  setup_intent: "/v1/setup_intents",
};

interface EventPointer {
  id: string;
  type: string;
  created: number;
  livemode: boolean;
  objectKind: string;
  objectId: string;
}

function readPointer(body: string): EventPointer | null {
  let payload: unknown;
  try {
    payload = JSON.parse(body);
  } catch {
    return null;
  }
  if (typeof payload !== "object" || payload === null) return null;
  const event = payload as { id?: unknown; type?: unknown; created?: unknown; livemode?: unknown; data?: { object?: { id?: unknown; object?: unknown } } };
  const object = event.data?.object;
  if (typeof event.id !== "string" || typeof event.type !== "string" || typeof object?.id !== "string" || typeof object.object !== "string") {
    return null;
  }
  return {
    id: event.id,
    type: event.type,
    created: typeof event.created === "number" ? event.created : 0,
    livemode: event.livemode === true,
    objectKind: object.object,
    objectId: object.id,
  };
}

/**
 * Handles a payments webhook as a pointer: verifies the signature over the raw body, reads only
 * the event id, type and object id from it, then re-fetches that object from the API with the
 * secret key. Throws `PaymentsWebhookError` for a bad signature or payload (nothing is fetched)
 * and `CommerceError` when the re-fetch fails.
 *
 * @example
 * const event = await receivePaymentsEvent<PaymentIntent>(env.PAYMENTS_SECRET_KEY, await request.text(),
 *   request.headers.get("Stripe-Signature"), env.PAYMENTS_WEBHOOK_SECRET);
 * if (event.type === "payment_intent.succeeded" && event.object.status === "succeeded") await fulfil(event.object);
 */
export async function receivePaymentsEvent<T = Record<string, unknown>>(
  secretKey: string,
  body: string,
  header: string | null | undefined,
  webhookSecret: string,
  options: ReceivePaymentsEventOptions = {},
): Promise<PaymentsEvent<T>> {
  const check = await checkPaymentsSignature(body, header, webhookSecret, options);
  if (!check.valid) throw new PaymentsWebhookError(check.reason, check.message);
  const pointer = readPointer(body);
  if (!pointer) throw new PaymentsWebhookError("invalid_payload", "payments webhook: the body is not an event with a data.object id");
  const base = OBJECT_PATHS[pointer.objectKind];
  let object: T;
  if (base) {
    object = await paymentsCall<T>(secretKey, options, { method: "GET", path: `${base}/${encodeURIComponent(pointer.objectId)}` });
  } else {
    const event = await paymentsCall<{ data: { object: T } }>(secretKey, options, { method: "GET", path: `/v1/events/${encodeURIComponent(pointer.id)}` });
    object = event.data.object;
  }
  return { id: pointer.id, type: pointer.type, created: pointer.created, livemode: pointer.livemode, object };
}
