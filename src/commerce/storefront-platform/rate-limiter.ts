import { TokenBucket, type PlatformClock } from "./token-bucket";

/** What a platform call costs: every call takes a global token; product creation also a product token. */
export type PlatformCallKind = "call" | "productCreate";

/**
 * Admits platform calls within the shop's budget. The default keeps buckets in this isolate;
 * inject another implementation (for example one backed by a Durable Object) to share a budget
 * across isolates.
 */
export interface PlatformRateLimiter {
  acquire(kind: PlatformCallKind): Promise<void>;
}

/** The provider's published limits per shop. */
export const PLATFORM_LIMITS = {
  globalPerWindow: 100,
  globalWindowMs: 10_000,
  productCreatePerWindow: 5,
  productCreateWindowMs: 60_000,
} as const;

/** Lower limits for one client; a number above the provider's is clamped, because it cannot raise the server limit. */
export interface PlatformRateLimitOverrides {
  /** Calls per 10 seconds (at most 100). */
  globalPer10s?: number;
  /** Product creations per minute (at most 5). */
  productCreatesPerMinute?: number;
}

/**
 * An override of one limit, clamped to `1..ceiling`: it can lower the limit, never raise it.
 *
 * @example
 * clampLimit(500, 100) // 100
 */
export function clampLimit(requested: number | undefined, ceiling: number): number {
  if (requested === undefined || !Number.isFinite(requested)) return ceiling;
  return Math.max(1, Math.min(ceiling, Math.floor(requested)));
}

/* One registry per clock: clients that share a key and a clock share buckets; a test's simulated clock never meets another's. */
const registries = new WeakMap<PlatformClock, Map<string, PlatformRateLimiter>>();

/**
 * The in-isolate limiter for `key` (default the shop's `username`), created on first use and
 * shared by every client with the same key, limits and clock. Product creation waits for its
 * own bucket first, then for a global token, so ordinary calls never queue behind it.
 *
 * @example
 * const limiter = sharedPlatformRateLimiter("shop-user", {}, SYSTEM_CLOCK)
 * await limiter.acquire("productCreate")
 */
export function sharedPlatformRateLimiter(
  key: string,
  overrides: PlatformRateLimitOverrides,
  clock: PlatformClock,
): PlatformRateLimiter {
  const globalLimit = clampLimit(overrides.globalPer10s, PLATFORM_LIMITS.globalPerWindow);
  const productLimit = clampLimit(overrides.productCreatesPerMinute, PLATFORM_LIMITS.productCreatePerWindow);
  let registry = registries.get(clock);
  if (!registry) {
    registry = new Map();
    registries.set(clock, registry);
  }
  const id = `${key}\u0000${globalLimit}\u0000${productLimit}`;
  const existing = registry.get(id);
  if (existing) return existing;
  const global = new TokenBucket(globalLimit, PLATFORM_LIMITS.globalWindowMs, clock);
  const product = new TokenBucket(productLimit, PLATFORM_LIMITS.productCreateWindowMs, clock);
  const limiter: PlatformRateLimiter = {
    async acquire(kind) {
      if (kind === "productCreate") await product.acquire();
      await global.acquire();
    },
  };
  registry.set(id, limiter);
  return limiter;
}
