/*
 * A sliding-window log: each key keeps the times of its most recent admitted hits (at most `limit`),
 * so "at most `limit` in any `windowSeconds`" holds exactly, at every instant. A fixed window would
 * admit `limit` just before its boundary and `limit` again just after it: twice the budget.
 * Storage per key is O(limit) numbers, so this fits budgets of up to a few hundred per window (forms,
 * sign-ins), not bulk API quotas.
 *
 * KV is eventually consistent and has no atomic increment: parallel requests can each read the same
 * log and slip a few past the budget before the write lands. The limiter still bounds a sustained
 * flood, which is its job; exact per-request accounting would need a Durable Object.
 */

/** The slice of a KV namespace the limiter uses (a `KVNamespace` fits). */
export type RateLimitKv = Pick<KVNamespace, "get" | "put" | "delete">;

/** Budget of one limiter: `limit` hits in any `windowSeconds`. */
export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

export interface SlidingWindowLimiterOptions extends RateLimitRule {
  kv: RateLimitKv;
  /** Prefix of every KV key, e.g. `form-rl:contact:`; keeps limiters of different purposes apart. */
  prefix: string;
  /** Clock in milliseconds; default `Date.now`. */
  now?: () => number;
}

/** What the window says about one key right now. */
export interface RateLimitDecision {
  allowed: boolean;
  /** Hits still admitted in the current window (after this one, for `consume`). */
  remaining: number;
  /** Whole seconds until the next hit would be admitted; `null` when one is admitted now. */
  retryAfterSeconds: number | null;
}

/** A sliding-window limiter over KV; see `createSlidingWindowLimiter`. */
export interface SlidingWindowLimiter {
  /** Reads the window without recording anything (e.g. before checking a password). */
  peek(key: string): Promise<RateLimitDecision>;
  /** Records a hit when the budget allows it; a refused hit is not recorded. */
  consume(key: string): Promise<RateLimitDecision>;
  /** Records a hit unconditionally (e.g. a failed sign-in, counted after the fact). */
  record(key: string): Promise<void>;
  /** Forgets every hit of `key`. */
  reset(key: string): Promise<void>;
}

/** KV refuses an `expirationTtl` under 60 seconds. */
const MIN_KV_TTL_SECONDS = 60;
/** KV keys are at most 512 bytes; callers' keys (IPs, form names) are cut well below that. */
const MAX_KEY_CHARS = 200;

/**
 * Creates a sliding-window rate limiter whose state lives in KV.
 *
 * @example
 * const limiter = createSlidingWindowLimiter({ kv: env.KV, prefix: "form-rl:contact:", limit: 5, windowSeconds: 600 });
 * const decision = await limiter.consume(clientIp);
 * if (!decision.allowed) throw new HttpError(429, "slow down", { headers: { "retry-after": String(decision.retryAfterSeconds) } });
 */
export function createSlidingWindowLimiter(options: SlidingWindowLimiterOptions): SlidingWindowLimiter {
  const { kv, prefix, limit } = options;
  if (!Number.isInteger(limit) || limit < 1) throw new TypeError(`rate limit must be a positive integer, got ${limit}`);
  if (!(options.windowSeconds > 0)) throw new TypeError(`rate limit window must be positive, got ${options.windowSeconds}`);
  const windowMs = options.windowSeconds * 1000;
  const ttl = Math.max(MIN_KV_TTL_SECONDS, Math.ceil(options.windowSeconds));
  const now = options.now ?? Date.now;
  const storageKey = (key: string) => prefix + key.slice(0, MAX_KEY_CHARS);

  const load = async (key: string, at: number): Promise<number[]> => {
    const stored = await kv.get<unknown>(storageKey(key), "json");
    if (!Array.isArray(stored)) return [];
    // A hit exactly `windowMs` old has left the window: the budget frees at that instant, not after it.
    return stored.filter((t): t is number => typeof t === "number" && t > at - windowMs && t <= at).sort((a, b) => a - b);
  };

  const decide = (times: number[], at: number): RateLimitDecision => {
    if (times.length < limit) return { allowed: true, remaining: limit - times.length, retryAfterSeconds: null };
    const oldest = times[times.length - limit] as number;
    return { allowed: false, remaining: 0, retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - at) / 1000)) };
  };

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
    async reset(key) {
      await kv.delete(storageKey(key));
    },
  };
}
