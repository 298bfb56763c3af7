import { CommerceError } from "../error";
import type { StorefrontPlatformConfig } from "./config";
import type { OrderClaims } from "./order-claims";
import { createExternalOrder, iterateExternalOrders } from "./orders";
import type { ExternalOrder, ExternalOrderInput } from "./types";

/**
 * Finds an already-created order carrying `externalId`, or `null`. Run it before creating so a
 * redelivered queue message does not create a second order.
 *
 * @example
 * const existing = await findExternalOrderByExternalId(platform, "etsy-991")
 */
export async function findExternalOrderByExternalId(config: StorefrontPlatformConfig, externalId: string): Promise<ExternalOrder | null> {
  for await (const order of iterateExternalOrders(config)) if (order.externalId === externalId) return order;
  return null;
}

/**
 * At-most-once creation: returns the order already carrying `input.externalId`, otherwise creates
 * it. With `claims` (e.g. `durableObjectOrderClaims(env.PLATFORM_RATE_LIMIT, shopKey)`) it is also
 * safe when two deliveries run at the same instant: only the one holding the claim creates; the
 * other throws `CommerceError` code `ORDER_CREATION_IN_PROGRESS`, so its queue retries it later and
 * then finds the order. Without `claims` it is safe against redelivery after a crash only.
 *
 * @example
 * const { order, created } = await createExternalOrderOnce(platform, { externalId: msg.id, email, shippingAddress, items }, { claims })
 */
export async function createExternalOrderOnce(
  config: StorefrontPlatformConfig,
  input: ExternalOrderInput & { externalId: string },
  options: { claims?: OrderClaims } = {},
): Promise<{ order: ExternalOrder; created: boolean }> {
  const existing = await findExternalOrderByExternalId(config, input.externalId);
  if (existing) return { order: existing, created: false };
  const claims = options.claims;
  if (!claims) return { order: await createExternalOrder(config, input), created: true };
  if (!(await claims.acquire(input.externalId))) {
    throw new CommerceError(`storefront-platform order ${input.externalId} is being created by another delivery; retry later`, {
      provider: "storefront-platform", method: "POST", url: "/external-orders", code: "ORDER_CREATION_IN_PROGRESS",
    });
  }
  let order: ExternalOrder;
  try {
    // A delivery that held the claim before us may have finished between our look and our claim.
    const again = await findExternalOrderByExternalId(config, input.externalId);
    if (again) {
      await claims.complete(input.externalId);
      return { order: again, created: false };
    }
    order = await createExternalOrder(config, input);
  } catch (error) {
    await claims.release(input.externalId);
    throw error;
  }
  await claims.complete(input.externalId);
  return { order, created: true };
}
