export { centsToMajor } from "../money";
export { POS_VERSION, POS_HOSTS } from "./config";
export type { PosConfig, PosFetch } from "./config";
export type { PosRetryConfig } from "./retry";
export { listLocations, retrieveLocation, createLocation, updateLocation } from "./locations";
export type { PosLocationInput } from "./locations";
export { createCatalogImage } from "./catalog-images";
export type { PosCatalogImageInput } from "./catalog-images";
export { listCatalogItems, retrieveCatalogItem, retrieveVariationPrices } from "./catalog-read";
export type { PosVariationPrice } from "./catalog-read";
export { mapCatalogItem } from "./catalog-map";
export { upsertCatalogItem, batchUpsertCatalogObjects } from "./catalog-write";
export type { PosUpsertResult } from "./catalog-write";
export { MAX_VARIATIONS_PER_ITEM } from "./catalog-input";
export type { PosItemInput, PosVariationInput } from "./catalog-input";
export { readModifyWriteCatalog } from "./catalog-edit";
export type { CatalogMutator } from "./catalog-edit";
export { retrieveInventoryCounts, batchChangeInventory, setPhysicalCount } from "./inventory";
export type { PosInventoryChange } from "./inventory";
export { createOrder, retrieveOrder, calculateOrder } from "./orders";
export type { PosOrderInput, PosOrderLineInput } from "./orders";
export { searchOrders, searchOrdersByCustomer, LOCATIONS_PER_SEARCH } from "./order-search";
export type { PosOrderSearch, PosOrderPage } from "./order-search";
export { createPayment } from "./payments";
export type { PosPaymentInput } from "./payments";
export { searchCustomersByEmail, retrieveCustomer, createCustomer, ensureCustomer } from "./customers";
export type { PosCustomerInput } from "./customers";
export { createCard, searchSubscriptionsByCustomer, createSubscription } from "./cards-subscriptions";
export { retrieveLoyaltyAccountByCustomer } from "./loyalty";
export { verifyPosSignature } from "./webhook";
export type {
  PosMoney, PosLocation, PosAddress, PosPresence, PosLocationOverride, PosVariation, PosCatalogItem, PosLineItem,
  PosOrder, PosPayment, PosCustomer, PosCard, PosSubscription, PosLoyaltyAccount, PosInventoryCount,
} from "./types";
