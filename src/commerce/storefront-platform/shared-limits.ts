import { clampLimit, PLATFORM_LIMITS, type PlatformRateLimitOverrides } from "./rate-limiter";

/*
 * The shared budget's limits and reservation shape, apart from the Durable Object class (which
 * imports `cloudflare:workers`), so the limiter that talks to the object loads in any runtime.
 */

/** A reservation granted by the shared bucket. */
export interface PlatformReservation {
  /** Milliseconds the caller waits before making its call; 0 when a token is free now. */
  waitMs: number;
  /**
   * Whether the global token is part of this reservation. `false` only for a product creation
   * whose product token lies in the future: the caller then reserves a `"call"` once that wait is
   * over, exactly as the in-isolate limiter takes its global token only after the product one, so
   * ordinary calls never queue behind a product creation that is itself still waiting.
   */
  includesGlobal: boolean;
}

export interface BucketLimit {
  capacity: number;
  windowMs: number;
}

/** The limits in force for one caller, after clamping; exported so the limiter and the object agree. */
export interface SharedPlatformLimits {
  global: BucketLimit;
  productCreate: BucketLimit;
}

/**
 * Clamps overrides against `PLATFORM_LIMITS`: a client may lower its budget, never raise it,
 * because the provider's own limit is what a 429 enforces.
 *
 * @example
 * resolveSharedLimits({ globalPer10s: 1_000 }).global // { capacity: 100, windowMs: 10_000 }
 */
export function resolveSharedLimits(overrides: PlatformRateLimitOverrides = {}): SharedPlatformLimits {
  return {
    global: { capacity: clampLimit(overrides.globalPer10s, PLATFORM_LIMITS.globalPerWindow), windowMs: PLATFORM_LIMITS.globalWindowMs },
    productCreate: {
      capacity: clampLimit(overrides.productCreatesPerMinute, PLATFORM_LIMITS.productCreatePerWindow),
      windowMs: PLATFORM_LIMITS.productCreateWindowMs,
    },
  };
}
