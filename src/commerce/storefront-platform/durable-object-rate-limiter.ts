import type { PlatformRateLimiter, PlatformRateLimitOverrides } from "./rate-limiter";
import type { PlatformRateLimitObject } from "./shared-bucket-object";
import { resolveSharedLimits } from "./shared-limits";
import { SYSTEM_CLOCK } from "./token-bucket";

/** Time as the shared limiter sees it; injected so tests are exact and never wait for real. */
export interface DurableObjectRateLimiterOptions {
  /** Waits out a reservation; defaults to `setTimeout`. */
  sleep?: (ms: number) => Promise<void>;
  /**
   * The caller's clock, sent with each reservation. Leave it unset in production so the object's
   * own clock decides for every isolate alike; tests set it for exact waits.
   */
  now?: () => number;
}

/**
 * A `PlatformRateLimiter` whose buckets live in the `PlatformRateLimitObject` named `key`, so
 * every isolate of a site draws on one budget per shop. Pass it as `rateLimiter` in a
 * `StorefrontPlatformConfig`; `overrides` may only lower the published limits.
 *
 * @example
 * const platform = {
 *   username: env.FW_USER, password: env.FW_PASSWORD,
 *   rateLimiter: durableObjectRateLimiter(env.PLATFORM_RATE_LIMIT, env.FW_USER),
 * }
 * await createProduct(platform, { kind: "digital", name: "Pack", price: { value: 5, currency: "USD" } })
 */
export function durableObjectRateLimiter(
  namespace: DurableObjectNamespace<PlatformRateLimitObject> | DurableObjectNamespace,
  key: string,
  overrides: PlatformRateLimitOverrides = {},
  options: DurableObjectRateLimiterOptions = {},
): PlatformRateLimiter {
  // The site's env usually types the binding loosely; the class it is bound to is ours.
  const stub = namespace.get(namespace.idFromName(key)) as DurableObjectStub<PlatformRateLimitObject>;
  const sleep = options.sleep ?? SYSTEM_CLOCK.sleep;
  const now = options.now;
  // Clamp here too, so what travels is already within the provider's limits.
  const limits = resolveSharedLimits(overrides);
  const sent: PlatformRateLimitOverrides = {
    globalPer10s: limits.global.capacity,
    productCreatesPerMinute: limits.productCreate.capacity,
  };
  return {
    async acquire(kind) {
      let reservation = await stub.reserve(kind, sent, now?.());
      if (!reservation.includesGlobal) {
        // The product token is ours at the end of this wait; only then join the global queue.
        await sleep(reservation.waitMs);
        reservation = await stub.reserve("call", sent, now?.());
      }
      if (reservation.waitMs > 0) await sleep(reservation.waitMs);
    },
  };
}
