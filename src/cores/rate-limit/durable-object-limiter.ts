import type { RateLimiter, RateLimiterSpec } from "./limiter";
import { checkRule, type RateLimitDecision, type RateLimitRule } from "./sliding-log";

/** What one call asks of a key's window. */
export type RateLimitOp = "peek" | "consume" | "record" | "release" | "reset";

/**
 * The RPC surface of the object behind each key (`RateLimitObject` in src/objects implements it).
 * Each call runs to completion inside that one object before the next starts, so read-check-write
 * is atomic: fifty parallel calls to `consume` with a budget of five admit exactly five.
 *
 * @example
 * const decision = await stub.apply("consume", { limit: 5, windowSeconds: 600 }, Date.now());
 */
export interface RateLimitStub {
  apply(op: RateLimitOp, rule: RateLimitRule, at: number): Promise<RateLimitDecision>;
}

export interface DurableObjectLimiterOptions extends RateLimiterSpec {
  /** A namespace bound to `RateLimitObject` (SQLite-backed), e.g. `env.RATE_LIMIT`. */
  namespace: DurableObjectNamespace;
  /** Clock in milliseconds; default `Date.now`. */
  now?: () => number;
}

/** Object names are the prefix plus the caller's key, cut to keep names short and bounded. */
const MAX_KEY_CHARS = 200;

/**
 * An atomic sliding-window limiter: one Durable Object per limit key (`idFromName(prefix + key)`)
 * holds that key's log in its SQLite storage. Costs one DO round trip per call.
 *
 * @example
 * const limiter = createDurableObjectLimiter({ namespace: env.RATE_LIMIT, prefix: "form-rl:contact:", limit: 5, windowSeconds: 600 });
 * if (!(await limiter.consume(ip)).allowed) throw new HttpError(429, "slow down");
 */
export function createDurableObjectLimiter(options: DurableObjectLimiterOptions): RateLimiter {
  checkRule(options);
  const rule: RateLimitRule = { limit: options.limit, windowSeconds: options.windowSeconds };
  const now = options.now ?? Date.now;
  const call = (op: RateLimitOp, key: string) => {
    const namespace = options.namespace;
    const stub = namespace.get(namespace.idFromName(options.prefix + key.slice(0, MAX_KEY_CHARS))) as unknown as RateLimitStub;
    return stub.apply(op, rule, now());
  };
  return {
    peek: (key) => call("peek", key),
    consume: (key) => call("consume", key),
    record: async (key) => void (await call("record", key)),
    release: async (key) => void (await call("release", key)),
    reset: async (key) => void (await call("reset", key)),
  };
}
