import type { StorefrontPlatformConfig } from "./config";
import { platformRequest } from "./transport";
import type { PlatformPrice, PlatformProduct, VariantInventory } from "./types";

type WireRecord = Record<string, unknown>;

/** A physical product: the retail price is derived from the base cost plus `profitMargin`. */
export interface PhysicalProductInput {
  kind: "physical";
  name: string;
  profitMargin: number;
  description?: string;
  /** Product template (blank) to print on. */
  templateId?: string;
  price?: never;
}

/** A digital product sold at a fixed `price`. */
export interface DigitalProductInput {
  kind: "digital";
  name: string;
  price: PlatformPrice;
  description?: string;
  profitMargin?: never;
}

/** Input of `createProduct`, discriminated by `kind`. */
export type CreateProductInput = PhysicalProductInput | DigitalProductInput;

function mapProduct(raw: unknown): PlatformProduct {
  const p = (typeof raw === "object" && raw !== null ? raw : {}) as WireRecord;
  return {
    id: typeof p.id === "string" ? p.id : "",
    name: typeof p.name === "string" ? p.name : "",
    slug: typeof p.slug === "string" ? p.slug : undefined,
    state: typeof p.state === "string" ? p.state : typeof (p.state as WireRecord | undefined)?.type === "string" ? String((p.state as WireRecord).type) : undefined,
    available: typeof p.available === "boolean" ? p.available : undefined,
  };
}

const productPath = (id: string) => `/products/${encodeURIComponent(id)}`;

/**
 * Creates a product. Charged to the shop's product-creation bucket (5 per minute) as well as the
 * global one, so a bulk import of 50 products takes about ten minutes; the provider also renders
 * mockups synchronously, so each call is slow.
 *
 * @example
 * await createProduct(platform, { kind: "digital", name: "Wallpaper pack", price: { value: 5, currency: "USD" } })
 */
export async function createProduct(config: StorefrontPlatformConfig, input: CreateProductInput): Promise<PlatformProduct> {
  const json = input.kind === "physical"
    ? { type: "PHYSICAL", name: input.name, profitMargin: input.profitMargin, description: input.description, templateId: input.templateId }
    : { type: "DIGITAL", name: input.name, price: input.price, description: input.description };
  const body = await platformRequest<unknown>(config, { method: "POST", path: "/products", json, kind: "productCreate" });
  return mapProduct(body);
}

/**
 * Deletes a product permanently; products cannot be edited, so this is also the first half of an edit.
 *
 * @example
 * await deleteProduct(platform, "prod_1")
 */
export async function deleteProduct(config: StorefrontPlatformConfig, id: string): Promise<void> {
  await platformRequest<unknown>(config, { method: "DELETE", path: productPath(id) });
}

/**
 * Turns the shop-level purchasable switch of a product on or off (not its stock).
 *
 * @example
 * await setProductAvailability(platform, "prod_1", false)
 */
export async function setProductAvailability(config: StorefrontPlatformConfig, id: string, available: boolean): Promise<PlatformProduct> {
  return mapProduct(await platformRequest<unknown>(config, { method: "PUT", path: `${productPath(id)}/availability`, json: { available } }));
}

/**
 * Moves a product to another lifecycle state (e.g. `PUBLIC`, `HIDDEN`).
 *
 * @example
 * await setProductState(platform, "prod_1", "HIDDEN")
 */
export async function setProductState(config: StorefrontPlatformConfig, id: string, state: string): Promise<PlatformProduct> {
  return mapProduct(await platformRequest<unknown>(config, { method: "PUT", path: `${productPath(id)}/state`, json: { state } }));
}

/**
 * Appends images (by public URL) to a product; existing images cannot be replaced.
 *
 * @example
 * await addProductImages(platform, "prod_1", ["https://media.example/tee-back.png"])
 */
export async function addProductImages(config: StorefrontPlatformConfig, id: string, urls: string[]): Promise<PlatformProduct> {
  return mapProduct(await platformRequest<unknown>(config, { method: "POST", path: `${productPath(id)}/images`, json: { urls } }));
}

/**
 * Stock of each variant of a product: an integer, or `null` for a variant that is not
 * stock-tracked. Read-only; there is no inventory write and no inventory webhook, so drift is
 * found only by polling this.
 *
 * @example
 * const stock = await getProductInventory(platform, "prod_1") // [{ variantId: "v1", quantity: null }, ...]
 */
export async function getProductInventory(config: StorefrontPlatformConfig, id: string): Promise<VariantInventory[]> {
  const body = await platformRequest<WireRecord>(config, { method: "GET", path: productPath(id) });
  const variants = Array.isArray(body.variants) ? (body.variants as WireRecord[]) : [];
  return variants.map((v) => {
    const stock = (typeof v.stock === "object" && v.stock !== null ? v.stock : {}) as WireRecord;
    const tracked = stock.type === "LIMITED" && typeof stock.inStock === "number";
    return { variantId: typeof v.id === "string" ? v.id : "", quantity: tracked ? (stock.inStock as number) : null };
  });
}
