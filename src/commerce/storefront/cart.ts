import { storefrontInputError, storefrontPost } from "./client";
import type { SfCart, SfCartItem, SfCheckout, StorefrontOptions } from "./types";

/** Options of `createCart`. */
export interface CreateCartOptions extends StorefrontOptions {
  /** Host of the shop's hosted checkout (e.g. `checkout.example.com`), used to build `checkoutUrl`. */
  checkoutDomain?: string;
}

function cartProblem(items: readonly SfCartItem[]): string | null {
  if (!Array.isArray(items) || items.length === 0) return "the cart is empty";
  for (const [index, item] of items.entries()) {
    if (typeof item?.variantId !== "string" || item.variantId.trim() === "") return `item ${index}: a variantId is required`;
    if (!Number.isSafeInteger(item.quantity) || item.quantity < 1) {
      return `item ${index}: quantity must be an integer of at least 1, got ${String(item.quantity)}`;
    }
  }
  return null;
}

/**
 * Builds the hosted checkout address for a cart: `https://<domain>/checkout/?cartCurrency=<c>&cartId=<id>`.
 *
 * @example
 * checkoutUrl("checkout.example.com", "crt_1", "USD") // "https://checkout.example.com/checkout/?cartCurrency=USD&cartId=crt_1"
 */
export function checkoutUrl(checkoutDomain: string, cartId: string, currency: string): string {
  const host = checkoutDomain.replace(/^https?:\/\//, "").replace(/\/+$/, "");
  const url = new URL(`https://${host}/checkout/`);
  url.searchParams.set("cartCurrency", currency);
  url.searchParams.set("cartId", cartId);
  return url.toString();
}

/**
 * Creates a cart holding `items` and returns the hand-off to the provider's hosted checkout, where
 * the buyer enters shipping and payment. Empty carts, blank variant ids and quantities below 1 are
 * refused before any request.
 *
 * @example
 * const { checkoutUrl } = await createCart(env.STOREFRONT_TOKEN, [{ variantId: "var_1", quantity: 2 }], {
 *   currency: "USD", checkoutDomain: "checkout.example.com",
 * });
 * return Response.redirect(checkoutUrl!, 303);
 */
export async function createCart(token: string, items: readonly SfCartItem[], options: CreateCartOptions = {}): Promise<SfCheckout> {
  const problem = cartProblem(items);
  if (problem) throw storefrontInputError(problem, "POST", options, "/v1/carts");
  const currency = (options.currency ?? "USD").toUpperCase();
  const cart = await storefrontPost<SfCart>(token, options, "/v1/carts", {
    items: items.map((item) => ({ variantId: item.variantId, quantity: item.quantity })),
  }, { currency });
  return {
    cart,
    currency,
    checkoutUrl: options.checkoutDomain ? checkoutUrl(options.checkoutDomain, cart.id, currency) : null,
  };
}
