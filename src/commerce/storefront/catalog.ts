import { storefrontGetAll, storefrontGetOrNull, storefrontInputError } from "./client";
import type { SfCatalogEntry, SfCollection, SfMoney, SfProduct, StorefrontOptions } from "./types";

/** Options of the paged catalog reads. */
export interface StorefrontListOptions extends StorefrontOptions {
  /** Page size asked of the provider while following every page; default 50. */
  pageSize?: number;
}

/**
 * Lists every public collection (all pages).
 *
 * @example
 * const collections = await listCollections(env.STOREFRONT_TOKEN);
 */
export async function listCollections(token: string, options: StorefrontListOptions = {}): Promise<SfCollection[]> {
  return storefrontGetAll<SfCollection>(token, options, "/v1/collections", {}, options.pageSize);
}

/**
 * Lists the products of one collection, following every page rather than stopping at the first.
 *
 * @example
 * const products = await getCollectionProducts(env.STOREFRONT_TOKEN, "all", { currency: "USD" });
 */
export async function getCollectionProducts(token: string, collection: string, options: StorefrontListOptions = {}): Promise<SfProduct[]> {
  if (typeof collection !== "string" || collection.trim() === "") {
    throw storefrontInputError("a collection slug is required", "GET", options, "/v1/collections");
  }
  const path = `/v1/collections/${encodeURIComponent(collection)}/products`;
  return storefrontGetAll<SfProduct>(token, options, path, { currency: options.currency }, options.pageSize);
}

/**
 * One product by slug, or `null` when the shop has no such public product (a 404).
 *
 * @example
 * const product = await getProduct(env.STOREFRONT_TOKEN, "cool-t-shirt");
 * if (!product) return new Response("Not found", { status: 404 });
 */
export async function getProduct(token: string, slug: string, options: StorefrontOptions = {}): Promise<SfProduct | null> {
  if (typeof slug !== "string" || slug.trim() === "") {
    throw storefrontInputError("a product slug is required", "GET", options, "/v1/products");
  }
  return storefrontGetOrNull<SfProduct>(token, options, `/v1/products/${encodeURIComponent(slug)}`, { currency: options.currency });
}

/**
 * The cheapest variant price of a product, or `null` when it has no variants.
 *
 * @example
 * lowestPrice(product) // { value: 19.99, currency: "USD" }
 */
export function lowestPrice(product: Pick<SfProduct, "variants">): SfMoney | null {
  let best: SfMoney | null = null;
  for (const variant of product.variants ?? []) {
    const price = variant.unitPrice;
    if (typeof price?.value !== "number" || !Number.isFinite(price.value)) continue;
    if (best === null || price.value < best.value) best = { value: price.value, currency: price.currency };
  }
  return best;
}

function isAvailable(product: SfProduct): boolean {
  return (product.variants ?? []).some((v) => v.stock?.type === "UNLIMITED" || (v.stock?.type === "LIMITED" && v.stock.inStock > 0));
}

/**
 * The whole catalog (the `all` collection unless another is named) as compact rows for syncing a
 * local product overlay: id, slug, name, cheapest price, first image, availability, variant ids.
 *
 * @example
 * for (const row of await listCatalog(env.STOREFRONT_TOKEN)) await upsertOverlay(row.slug, row);
 */
export async function listCatalog(
  token: string,
  options: StorefrontListOptions & { collection?: string } = {},
): Promise<SfCatalogEntry[]> {
  const products = await getCollectionProducts(token, options.collection ?? "all", options);
  return products.map((product) => ({
    id: product.id,
    slug: product.slug,
    name: product.name,
    price: lowestPrice(product),
    image: product.images?.[0] ?? null,
    available: isAvailable(product),
    variantIds: (product.variants ?? []).map((v) => v.id),
  }));
}
