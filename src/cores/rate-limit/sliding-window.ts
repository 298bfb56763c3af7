import type { RateLimiter } from "./limiter";
import { checkRule, decideWindow, timesInWindow, type RateLimitRule } from "./sliding-log";

/*
 * The sliding-window log (see sliding-log.ts) kept in KV. Storage per key is O(limit) numbers, so
 * this fits budgets of up to a few hundred per window, not bulk API quotas.
 *
 * KV is eventually consistent and has no atomic increment: parallel requests can each read the same
 * log and slip past the budget before the write lands (50 parallel posts against a budget of 5 were
 * all admitted). Use `createDurableObjectLimiter` wherever the count must be exact (sign-in, forms);
 * this one suits hosts without Durable Objects, as a flood brake.
 */

/** The slice of a KV namespace the limiter uses (a `KVNamespace` fits). */
export type RateLimitKv = Pick<KVNamespace, "get" | "put" | "delete">;

export interface SlidingWindowLimiterOptions extends RateLimitRule {
  kv: RateLimitKv;
  /** Prefix of every KV key, e.g. `form-rl:contact:`; keeps limiters of different purposes apart. */
  prefix: string;
  /** Clock in milliseconds; default `Date.now`. */
  now?: () => number;
}

/** A sliding-window limiter over KV; see `createSlidingWindowLimiter`. */
export type SlidingWindowLimiter = RateLimiter;

/** KV refuses an `expirationTtl` under 60 seconds. */
const MIN_KV_TTL_SECONDS = 60;
/** KV keys are at most 512 bytes; callers' keys (IPs, form names) are cut well below that. */
const MAX_KEY_CHARS = 200;

/**
 * Creates a sliding-window rate limiter whose state lives in KV (not atomic; see above).
 *
 * @example
 * const limiter = createSlidingWindowLimiter({ kv: env.KV, prefix: "form-rl:contact:", limit: 5, windowSeconds: 600 });
 * const decision = await limiter.consume(clientIp);
 * if (!decision.allowed) throw new HttpError(429, "slow down", { headers: { "retry-after": String(decision.retryAfterSeconds) } });
 */
export function createSlidingWindowLimiter(options: SlidingWindowLimiterOptions): SlidingWindowLimiter {
  const { kv, prefix, limit } = options;
  checkRule(options);
  const rule: RateLimitRule = { limit, windowSeconds: options.windowSeconds };
  const ttl = Math.max(MIN_KV_TTL_SECONDS, Math.ceil(options.windowSeconds));
  const now = options.now ?? Date.now;
  const storageKey = (key: string) => prefix + key.slice(0, MAX_KEY_CHARS);

  const load = async (key: string, at: number): Promise<number[]> => timesInWindow(await kv.get<unknown>(storageKey(key), "json"), at, rule);
  const decide = (times: number[], at: number) => decideWindow(times, at, rule);

  const save = (key: string, times: number[]) => kv.put(storageKey(key), JSON.stringify(times.slice(-limit)), { expirationTtl: ttl });

  return {
    async peek(key) {
      const at = now();
      return decide(await load(key, at), at);
    },
    async consume(key) {
      const at = now();
      const times = await load(key, at);
      const decision = decide(times, at);
      if (!decision.allowed) return decision;
      await save(key, [...times, at]);
      return { ...decision, remaining: decision.remaining - 1 };
    },
    async record(key) {
      const at = now();
      await save(key, [...(await load(key, at)), at]);
    },
    async release(key) {
      const times = await load(key, now());
      if (times.length > 0) await save(key, times.slice(0, -1));
    },
    async reset(key) {
      await kv.delete(storageKey(key));
    },
  };
}
