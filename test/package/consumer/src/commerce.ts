import { centsToMajor, type Money } from "cms-toolkit/commerce";
import { createPaymentIntent } from "cms-toolkit/commerce/payments";
import { listLocations } from "cms-toolkit/commerce/pos";
import { getProduct } from "cms-toolkit/commerce/storefront";
import { createProduct, durableObjectRateLimiter } from "cms-toolkit/commerce/storefront-platform";

export const price: Money = { amount: 1500, currency: "usd" };
export const major: number = centsToMajor(price.amount);

export async function sell(env: { PAY_KEY: string; SF_TOKEN: string; FW_USER: string; FW_PASSWORD: string; LIMITS: DurableObjectNamespace }) {
  const product = await getProduct(env.SF_TOKEN, "poster");
  await createPaymentIntent(env.PAY_KEY, [{ name: "Poster", unitAmount: 1500, quantity: 1, currency: "usd" }]);
  await createProduct(
    { username: env.FW_USER, password: env.FW_PASSWORD, rateLimiter: durableObjectRateLimiter(env.LIMITS, env.FW_USER) },
    { kind: "digital", name: "Zine", price: { value: 5, currency: "USD" } },
  );
  return { product, locations: listLocations };
}
