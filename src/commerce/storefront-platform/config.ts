import type { PosRetryConfig } from "../pos/retry";
import {
  sharedPlatformRateLimiter, type PlatformRateLimiter, type PlatformRateLimitOverrides,
} from "./rate-limiter";
import { SYSTEM_CLOCK, type PlatformClock } from "./token-bucket";

/** The Platform API's production base. */
export const PLATFORM_BASE_URL = "https://api.fourthwall.com/open-api/v1.0";

/**
 * Storefront platform (server-only Platform API) client configuration.
 *
 * @example
 * const platform: StorefrontPlatformConfig = { username: env.FW_USER, password: env.FW_PASSWORD }
 */
export interface StorefrontPlatformConfig {
  /** Basic-auth user; also the default `rateLimitKey`. */
  username: string;
  password: string;
  /** `false` opts out of client-side limiting; an object may only lower the published limits. */
  rateLimit?: false | PlatformRateLimitOverrides;
  /** Bucket key; every client of one shop must use the same string. Defaults to `username`. */
  rateLimitKey?: string;
  /** Replaces the in-isolate buckets (e.g. a Durable Object–backed limiter shared across isolates). */
  rateLimiter?: PlatformRateLimiter;
  /** Retry of 429 and 5xx; never applied to `createExternalOrder`. */
  retry?: PosRetryConfig;
  baseUrl?: string;
  fetch?: (input: string, init?: RequestInit) => Promise<Response>;
  clock?: PlatformClock;
  /** Randomness in [0, 1) for retry jitter. */
  random?: () => number;
}

/** Config with every default filled in. */
export interface ResolvedPlatformConfig {
  authorization: string;
  baseUrl: string;
  limiter: PlatformRateLimiter | undefined;
  retry: PosRetryConfig | undefined;
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
  clock: PlatformClock;
  random: () => number;
}

function basic(username: string, password: string): string {
  // btoa takes Latin-1 only; credentials are UTF-8 on the wire.
  let binary = "";
  for (const byte of new TextEncoder().encode(`${username}:${password}`)) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

/**
 * Fills the defaults of a `StorefrontPlatformConfig`, including the shared limiter for its key.
 *
 * @example
 * resolvePlatformConfig({ username: "u", password: "p" }).baseUrl // "https://api.fourthwall.com/open-api/v1.0"
 */
export function resolvePlatformConfig(config: StorefrontPlatformConfig): ResolvedPlatformConfig {
  const clock = config.clock ?? SYSTEM_CLOCK;
  const limiter = config.rateLimit === false
    ? undefined
    : config.rateLimiter ?? sharedPlatformRateLimiter(config.rateLimitKey ?? config.username, config.rateLimit ?? {}, clock);
  return {
    authorization: basic(config.username, config.password),
    baseUrl: (config.baseUrl ?? PLATFORM_BASE_URL).replace(/\/+$/, ""),
    limiter,
    retry: config.retry,
    fetch: config.fetch ?? ((input, init) => fetch(input, init)),
    clock,
    random: config.random ?? Math.random,
  };
}
