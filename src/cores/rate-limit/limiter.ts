import type { RateLimitDecision, RateLimitRule } from "./sliding-log";

/**
 * A rate limiter over many keys (client addresses, accounts). `createDurableObjectLimiter` is the
 * atomic one; `createSlidingWindowLimiter` keeps its log in KV and is not atomic under bursts.
 *
 * @example
 * const decision = await limiter.consume(clientAddress);
 */
export interface RateLimiter {
  /** Reads the window without recording anything. */
  peek(key: string): Promise<RateLimitDecision>;
  /** Records a hit when the budget allows it; a refused hit is not recorded. */
  consume(key: string): Promise<RateLimitDecision>;
  /** Records a hit unconditionally. */
  record(key: string): Promise<void>;
  /** Gives back the newest hit (e.g. a sign-in that turned out to succeed). */
  release(key: string): Promise<void>;
  /** Forgets every hit of `key`. */
  reset(key: string): Promise<void>;
}

/** What a limiter is made from: a key prefix (its purpose) and a rule. */
export interface RateLimiterSpec extends RateLimitRule {
  /** Keeps limiters of different purposes apart, e.g. `form-rl:contact:`. */
  prefix: string;
}

/**
 * Makes limiters; injected where a limit is enforced, so tests and sites can choose the store.
 *
 * @example
 * const limiters: RateLimiterFactory = (spec) => createDurableObjectLimiter({ namespace: env.RATE_LIMIT, ...spec });
 */
export type RateLimiterFactory = (spec: RateLimiterSpec) => RateLimiter;
