export { listCollections, getCollectionProducts, getProduct, listCatalog, lowestPrice } from "./catalog";
export type { StorefrontListOptions } from "./catalog";
export { createCart, checkoutUrl } from "./cart";
export type { CreateCartOptions } from "./cart";
export { verifyStorefrontSignature, STOREFRONT_SIGNATURE_HEADER } from "./signature";
export { STOREFRONT_BASE_URL } from "./client";
export type {
  SfCart,
  SfCartItem,
  SfCatalogEntry,
  SfCheckout,
  SfCollection,
  SfImage,
  SfMoney,
  SfProduct,
  SfStock,
  SfVariant,
  StorefrontOptions,
} from "./types";
export { CommerceError } from "../error";
