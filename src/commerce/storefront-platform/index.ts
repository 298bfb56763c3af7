export { PLATFORM_BASE_URL } from "./config";
export type { StorefrontPlatformConfig } from "./config";
export { clampLimit, PLATFORM_LIMITS, sharedPlatformRateLimiter } from "./rate-limiter";
export type { PlatformRateLimiter, PlatformRateLimitOverrides, PlatformCallKind } from "./rate-limiter";
export { TokenBucket, SYSTEM_CLOCK } from "./token-bucket";
export type { PlatformClock } from "./token-bucket";
export {
  validateExternalOrder, createExternalOrder, listExternalOrders, iterateExternalOrders, getExternalOrder, cancelExternalOrder, isCancellable,
} from "./orders";
export { createExternalOrderOnce, findExternalOrderByExternalId } from "./orders-once";
export { durableObjectOrderClaims, CLAIM_TTL_MS, DONE_TTL_MS } from "./order-claims";
export type { OrderClaims } from "./order-claims";
export {
  createProduct, deleteProduct, setProductAvailability, setProductState, addProductImages, getProductInventory,
} from "./products";
export type { CreateProductInput, PhysicalProductInput, DigitalProductInput } from "./products";
export type {
  PlatformPrice, PlatformAddress, ExternalOrderInput, AtCostBreakdown, ExternalOrder, ExternalOrderPage,
  PlatformProduct, VariantInventory,
} from "./types";
export type { PosRetryConfig as PlatformRetryConfig } from "../pos/retry";
export { resolveSharedLimits } from "./shared-limits";
export type { PlatformReservation, SharedPlatformLimits } from "./shared-limits";
// The PlatformRateLimitObject class itself is Workers-only: "cms-toolkit/workers".
export { durableObjectRateLimiter } from "./durable-object-rate-limiter";
export type { DurableObjectRateLimiterOptions } from "./durable-object-rate-limiter";
