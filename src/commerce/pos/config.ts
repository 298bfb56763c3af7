import type { PosRetryConfig } from "./retry";

/** Provider API version this client is written against; sent as `Pos-Version` on every call. */
export const POS_VERSION = "2025-10-16";

/** Production and sandbox hosts of the Square-compatible point-of-sale API. */
export const POS_HOSTS = {
  production: "https://connect.squareup.com",
  sandbox: "https://connect.squareupsandbox.com",
} as const;

/** A `fetch`-compatible function, injected so tests put a local fake behind it. */
export type PosFetch = (input: string, init?: RequestInit) => Promise<Response>;

/**
 * Point-of-sale client configuration.
 *
 * @example
 * const pos: PosConfig = { accessToken: env.POS_TOKEN, environment: "sandbox", retry: { attempts: 3, baseDelayMs: 200, maxDelayMs: 2000 } }
 */
export interface PosConfig {
  accessToken: string;
  environment: "production" | "sandbox";
  /** API version pin; defaults to `POS_VERSION`. */
  version?: string;
  /** Retry of 429 and 5xx; off when absent. */
  retry?: PosRetryConfig;
  /** Overrides the host chosen by `environment` (e.g. a local fake). */
  baseUrl?: string;
  fetch?: PosFetch;
  /** Injected time: `now` in epoch ms, `sleep` for backoff. */
  clock?: { now: () => number; sleep: (ms: number) => Promise<void> };
  /** Injected randomness in [0, 1) for backoff jitter. */
  random?: () => number;
  /** Idempotency key factory for writes; defaults to `crypto.randomUUID`. */
  idempotencyKey?: () => string;
}

/** Config with every default filled in. */
export interface ResolvedPosConfig {
  accessToken: string;
  version: string;
  baseUrl: string;
  retry: PosRetryConfig | undefined;
  fetch: PosFetch;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
  idempotencyKey: () => string;
}

/**
 * Fills the defaults of a `PosConfig`.
 *
 * @example
 * resolvePosConfig({ accessToken: "t", environment: "sandbox" }).baseUrl // "https://connect.squareupsandbox.com"
 */
export function resolvePosConfig(config: PosConfig): ResolvedPosConfig {
  return {
    accessToken: config.accessToken,
    version: config.version ?? POS_VERSION,
    baseUrl: (config.baseUrl ?? POS_HOSTS[config.environment]).replace(/\/+$/, ""),
    retry: config.retry,
    fetch: config.fetch ?? ((input, init) => fetch(input, init)),
    now: config.clock?.now ?? (() => Date.now()),
    sleep: config.clock?.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    random: config.random ?? Math.random,
    idempotencyKey: config.idempotencyKey ?? (() => crypto.randomUUID()),
  };
}
