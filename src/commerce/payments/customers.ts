import { paymentsCall, paymentsInputError, paymentsUrl, type PaymentsOptions, type PaymentsWriteOptions } from "./client";
import { metadataProblem } from "./metadata";
import type { PaymentsAddress, PaymentsCustomer, PaymentsList, PaymentsMetadata } from "./types";

/** Who to find or create in `ensurePaymentsCustomer`. */
export interface EnsurePaymentsCustomerInput {
  email: string;
  name?: string;
  /** Give one to enable automatic tax on this customer's invoices. */
  address?: PaymentsAddress;
  metadata?: PaymentsMetadata;
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/**
 * Returns the customer with this email, creating one only when none exists. The lookup uses the
 * list endpoint's exact `email` filter (strongly consistent, unlike search, so a customer created a
 * moment ago is found). The email is trimmed and lower-cased on both paths so that one person maps
 * to one customer. An existing customer is reused as is (not updated).
 *
 * @example
 * const customer = await ensurePaymentsCustomer(env.PAYMENTS_SECRET_KEY, { email: "ada@example.test", name: "Ada" });
 */
export async function ensurePaymentsCustomer(
  secretKey: string,
  input: EnsurePaymentsCustomerInput,
  options: PaymentsWriteOptions = {},
): Promise<PaymentsCustomer> {
  const email = typeof input?.email === "string" ? input.email.trim().toLowerCase() : "";
  if (!EMAIL.test(email)) throw paymentsInputError("a valid customer email is required", "GET", paymentsUrl(options, "/v1/customers"));
  const problem = metadataProblem(input.metadata);
  if (problem) throw paymentsInputError(problem, "POST", paymentsUrl(options, "/v1/customers"));
  const found = await paymentsCall<PaymentsList<PaymentsCustomer>>(secretKey, options, {
    method: "GET",
    path: "/v1/customers",
    query: { email, limit: 1 },
  });
  const existing = found.data[0];
  if (existing) return existing;
  return paymentsCall<PaymentsCustomer>(secretKey, options, {
    method: "POST",
    path: "/v1/customers",
    idempotencyKey: options.idempotencyKey,
    params: { email, name: input.name, address: input.address ? { ...input.address } : undefined, metadata: input.metadata },
  });
}

/**
 * Fetches one customer by id.
 *
 * @example
 * const customer = await retrievePaymentsCustomer(env.PAYMENTS_SECRET_KEY, "cus_123");
 */
export async function retrievePaymentsCustomer(secretKey: string, id: string, options: PaymentsOptions = {}): Promise<PaymentsCustomer> {
  if (typeof id !== "string" || id.trim() === "") {
    throw paymentsInputError("a customer id is required", "GET", paymentsUrl(options, "/v1/customers"));
  }
  return paymentsCall<PaymentsCustomer>(secretKey, options, { method: "GET", path: `/v1/customers/${encodeURIComponent(id)}` });
}

/**
 * Whether the provider can compute tax for this customer: it needs at least a country.
 *
 * @example
 * hasTaxableAddress({ address: { country: "US", postal_code: "94103" } }) // true
 */
export function hasTaxableAddress(customer: Pick<PaymentsCustomer, "address">): boolean {
  const country = customer.address?.country;
  return typeof country === "string" && country.trim() !== "";
}
