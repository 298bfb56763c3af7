import { CommerceError } from "../error";
import { buildUrl, requestJson, type FetchLike } from "../http";
import { encodeForm, type FormValue } from "./form";

/**
 * The provider API version this client is written against, sent as `Stripe-Version` on every call so
 * an upgrade of the account's default version cannot change the response shapes under us.
 * Raise it only deliberately, after checking the shapes in `types.ts`.
 *
 * @example
 * headers["Stripe-Version"] = PAYMENTS_API_VERSION
 */
export const PAYMENTS_API_VERSION = "2026-10-28.endive";

/**
 * The provider's production API host; override it per call with `baseUrl`.
 *
 * @example
 * await retrievePaymentIntent(key, id, { baseUrl: PAYMENTS_BASE_URL })
 */
export const PAYMENTS_BASE_URL = "https://api.stripe.com";

/** Transport overrides shared by every payments call. */
export interface PaymentsOptions {
  /** Defaults to `PAYMENTS_BASE_URL`; point it at a local fake in tests. */
  baseUrl?: string;
  fetch?: FetchLike;
}

/** Options of calls that create something: the key makes a retried call return the first result. */
export interface PaymentsWriteOptions extends PaymentsOptions {
  /** Sent as the `Idempotency-Key` header. */
  idempotencyKey?: string;
}

interface PaymentsCall {
  method: "GET" | "POST";
  path: string;
  query?: Record<string, string | number | undefined>;
  params?: Record<string, FormValue>;
  idempotencyKey?: string;
}

/** Builds the URL a call would go to; also used to describe local validation failures. */
export function paymentsUrl(options: PaymentsOptions, path: string, query?: PaymentsCall["query"]): string {
  return buildUrl(options.baseUrl ?? PAYMENTS_BASE_URL, path, query);
}

/** A local validation failure, raised before any request is sent. */
export function paymentsInputError(message: string, method: string, url: string): CommerceError {
  return new CommerceError(`payments: ${message}`, { provider: "payments", method, url });
}

/** One authenticated call to the payments API, form-encoded, with the pinned version header. */
export async function paymentsCall<T>(secretKey: string, options: PaymentsOptions, call: PaymentsCall): Promise<T> {
  const url = paymentsUrl(options, call.path, call.query);
  if (typeof secretKey !== "string" || secretKey.trim() === "") {
    throw paymentsInputError("a secret key is required", call.method, url);
  }
  const headers: Record<string, string> = {
    Authorization: `Bearer ${secretKey}`,
    "Stripe-Version": PAYMENTS_API_VERSION,
    Accept: "application/json",
  };
  let body: string | undefined;
  if (call.method === "POST") {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    body = encodeForm(call.params ?? {});
  }
  if (call.idempotencyKey !== undefined) headers["Idempotency-Key"] = call.idempotencyKey;
  return requestJson<T>({
    provider: "payments",
    method: call.method,
    url,
    headers,
    body,
    fetch: options.fetch,
    secrets: [secretKey],
  });
}
