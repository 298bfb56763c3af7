import { resolvePosConfig, type PosConfig } from "./config";
import { posRequest } from "./transport";
import type { PosCustomer } from "./types";
import { arr, obj, str, stripUndefined, type Wire } from "./wire";

/** Fields of a new customer. */
export interface PosCustomerInput {
  email?: string;
  givenName?: string;
  familyName?: string;
  phone?: string;
  referenceId?: string;
}

function mapCustomer(raw: unknown): PosCustomer {
  const c = obj(raw);
  return {
    id: str(c.id) ?? "",
    email: str(c.email_address),
    givenName: str(c.given_name),
    familyName: str(c.family_name),
    phone: str(c.phone_number),
    referenceId: str(c.reference_id),
    createdAt: str(c.created_at),
  };
}

/**
 * Customers whose email matches exactly.
 *
 * @example
 * const [existing] = await searchCustomersByEmail(pos, "ada@example.test")
 */
export async function searchCustomersByEmail(config: PosConfig, email: string): Promise<PosCustomer[]> {
  const body = await posRequest<Wire>(config, {
    method: "POST",
    path: "/v2/customers/search",
    json: { query: { filter: { email_address: { exact: email } } }, limit: 100 },
  });
  return arr(body.customers).map(mapCustomer);
}

/**
 * One customer, or `null` when unknown.
 *
 * @example
 * const customer = await retrieveCustomer(pos, "CUST_1")
 */
export async function retrieveCustomer(config: PosConfig, id: string): Promise<PosCustomer | null> {
  const body = await posRequest<Wire>(config, { method: "GET", path: `/v2/customers/${encodeURIComponent(id)}`, nullOn404: true });
  return body ? mapCustomer(body.customer) : null;
}

/**
 * Creates a customer.
 *
 * @example
 * const customer = await createCustomer(pos, { email: "ada@example.test", givenName: "Ada" })
 */
export async function createCustomer(config: PosConfig, input: PosCustomerInput): Promise<PosCustomer> {
  const body = await posRequest<Wire>(config, {
    method: "POST",
    path: "/v2/customers",
    json: stripUndefined({
      idempotency_key: resolvePosConfig(config).idempotencyKey(),
      email_address: input.email,
      given_name: input.givenName,
      family_name: input.familyName,
      phone_number: input.phone,
      reference_id: input.referenceId,
    }),
  });
  return mapCustomer(body.customer);
}

/**
 * The oldest customer with this email, created when there is none.
 *
 * @example
 * const customer = await ensureCustomer(pos, { email: "ada@example.test", givenName: "Ada" })
 */
export async function ensureCustomer(config: PosConfig, input: PosCustomerInput & { email: string }): Promise<PosCustomer> {
  const found = await searchCustomersByEmail(config, input.email);
  // Duplicates can exist upstream; the oldest is the one other systems most likely reference.
  const oldest = [...found].sort((a, b) => (a.createdAt ?? "").localeCompare(b.createdAt ?? ""))[0];
  return oldest ?? createCustomer(config, input);
}
