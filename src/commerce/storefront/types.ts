import type { FetchLike } from "../http";

/** A storefront price: `value` is in major units as the Storefront API sends it (19.99, not 1999). */
export interface SfMoney {
  value: number;
  currency: string;
}

/** A product or variant image. */
export interface SfImage {
  id: string;
  url: string;
  width?: number;
  height?: number;
  transformedUrl?: string;
}

/** Stock of a variant: unlimited (not tracked) or a tracked count. */
export type SfStock = { type: "UNLIMITED" } | { type: "LIMITED"; inStock: number };

/** One purchasable variant of a product; its `id` is what a cart line refers to. */
export interface SfVariant {
  id: string;
  name: string;
  sku?: string;
  unitPrice: SfMoney;
  compareAtPrice?: SfMoney | null;
  stock: SfStock;
  images?: SfImage[];
  attributes?: {
    description?: string;
    color?: { name: string; swatch?: string };
    size?: { name: string };
  };
}

/** A product as the Storefront API returns it. */
export interface SfProduct {
  id: string;
  name: string;
  slug: string;
  description?: string;
  state?: { type: string };
  images: SfImage[];
  variants: SfVariant[];
}

/** A public collection; `slug` is its handle (`all` holds every public product). */
export interface SfCollection {
  id: string;
  name: string;
  slug: string;
  description?: string;
}

/** A line to put in a cart. */
export interface SfCartItem {
  variantId: string;
  /** An integer ≥ 1. */
  quantity: number;
}

/** A cart as the Storefront API returns it. */
export interface SfCart {
  id: string;
  items: unknown[];
}

/** What `createCart` hands back: the cart and where to send the buyer to pay. */
export interface SfCheckout {
  cart: SfCart;
  currency: string;
  /** The hosted checkout page for this cart, or `null` when no `checkoutDomain` was given. */
  checkoutUrl: string | null;
}

/** A compact catalog row, enough to keep a local product overlay in sync. */
export interface SfCatalogEntry {
  id: string;
  slug: string;
  name: string;
  /** Cheapest variant price, `null` for a product without variants. */
  price: SfMoney | null;
  /** First product image, if any. */
  image: SfImage | null;
  /** True when any variant is unlimited or has stock left. */
  available: boolean;
  variantIds: string[];
}

/** Transport overrides shared by every storefront call. */
export interface StorefrontOptions {
  /** Defaults to `STOREFRONT_BASE_URL`. */
  baseUrl?: string;
  fetch?: FetchLike;
  /** Currency to price products in, e.g. `USD`. */
  currency?: string;
}
