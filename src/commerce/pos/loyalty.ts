import type { PosConfig } from "./config";
import { posRequest } from "./transport";
import type { PosLoyaltyAccount } from "./types";
import { arr, num, str, type Wire } from "./wire";

/**
 * The loyalty account of a customer, or `null` when they have none.
 *
 * @example
 * const points = (await retrieveLoyaltyAccountByCustomer(pos, "CUST_1"))?.balance ?? 0
 */
export async function retrieveLoyaltyAccountByCustomer(config: PosConfig, customerId: string): Promise<PosLoyaltyAccount | null> {
  const body = await posRequest<Wire>(config, {
    method: "POST",
    path: "/v2/loyalty/accounts/search",
    json: { query: { customer_ids: [customerId] }, limit: 1 },
  });
  const account = arr(body.loyalty_accounts)[0];
  if (!account) return null;
  return {
    id: str(account.id) ?? "",
    programId: str(account.program_id),
    customerId: str(account.customer_id),
    balance: num(account.balance) ?? 0,
    lifetimePoints: num(account.lifetime_points) ?? 0,
  };
}
