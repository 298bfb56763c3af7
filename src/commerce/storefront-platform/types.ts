import { minorUnitsPerMajor, type Money } from "../money";

/** A decimal amount in major units, as the Platform API writes money (`{ value: 12.5, currency: "USD" }`). */
export interface PlatformPrice {
  value: number;
  currency: string;
}

/** A shipping address of an external order. */
export interface PlatformAddress {
  name: string;
  address1: string;
  address2?: string;
  city: string;
  state?: string;
  zip: string;
  country: string;
  phone?: string;
}

/** An externally paid order to price or create. */
export interface ExternalOrderInput {
  /** Your own id (e.g. the marketplace order id); set it to reconcile before creating. */
  externalId?: string;
  email: string;
  shippingAddress: PlatformAddress;
  items: Array<{ variantId: string; quantity: number }>;
}

/** What fulfilling an order will cost the creator, known before any money is committed. */
export interface AtCostBreakdown {
  manufacturingCost: Money;
  fulfillmentFee: Money;
  shippingCost: Money;
  totalCreatorCost: Money;
}

/** An external order as the Platform API reports it. */
export interface ExternalOrder {
  id: string;
  externalId: string | undefined;
  /** Provider status, e.g. `CONFIRMED`, `PACKAGED`, `SHIPPED`, `CANCELLED`. */
  status: string;
  createdAt: string | undefined;
}

/** One page of external orders. */
export interface ExternalOrderPage {
  orders: ExternalOrder[];
  page: number;
  hasNextPage: boolean;
}

/** A product (offer) as the Platform API reports it. */
export interface PlatformProduct {
  id: string;
  name: string;
  slug: string | undefined;
  state: string | undefined;
  available: boolean | undefined;
}

/** Stock of one variant: an integer, or `null` when the variant is not stock-tracked (not the same as 0). */
export interface VariantInventory {
  variantId: string;
  quantity: number | null;
}

/**
 * Converts a major-unit price to `Money` in minor units.
 *
 * @example
 * priceToMoney({ value: 12.5, currency: "USD" }) // { amount: 1250, currency: "USD" }
 */
export function priceToMoney(price: unknown): Money {
  const p = typeof price === "object" && price !== null ? (price as { value?: unknown; currency?: unknown }) : {};
  const currency = typeof p.currency === "string" ? p.currency : "USD";
  const value = typeof p.value === "number" ? p.value : 0;
  return { amount: Math.round(value * minorUnitsPerMajor(currency)), currency };
}
