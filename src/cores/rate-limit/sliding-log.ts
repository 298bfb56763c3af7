/*
 * The arithmetic of a sliding-window log, shared by every store: each key keeps the times of its
 * most recent admitted hits (at most `limit`), so "at most `limit` in any `windowSeconds`" holds
 * exactly, at every instant. A fixed window would admit `limit` just before its boundary and
 * `limit` again just after it: twice the budget.
 */

/** Budget of one limiter: `limit` hits in any `windowSeconds`. */
export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

/** What the window says about one key right now. */
export interface RateLimitDecision {
  allowed: boolean;
  /** Hits still admitted in the current window (after this one, for `consume`). */
  remaining: number;
  /** Whole seconds until the next hit would be admitted; `null` when one is admitted now. */
  retryAfterSeconds: number | null;
}

/**
 * Throws a `TypeError` for a rule no window can hold (a limiter is configured, not requested).
 *
 * @example
 * checkRule({ limit: 5, windowSeconds: 600 });
 */
export function checkRule(rule: RateLimitRule): void {
  if (!Number.isInteger(rule.limit) || rule.limit < 1) throw new TypeError(`rate limit must be a positive integer, got ${rule.limit}`);
  if (!(rule.windowSeconds > 0)) throw new TypeError(`rate limit window must be positive, got ${rule.windowSeconds}`);
}

/**
 * The stored hit times still inside the window at `at`, oldest first. A hit exactly
 * `windowSeconds` old has left the window: the budget frees at that instant, not after it. A hit
 * stamped later than `at` still counts: parallel callers read their clocks before their calls
 * arrive, so the one that arrives last may carry the earliest time.
 *
 * @example
 * timesInWindow([1_000, 500_000], 700_000, { limit: 5, windowSeconds: 600 }); // [500000]
 */
export function timesInWindow(stored: unknown, at: number, rule: RateLimitRule): number[] {
  if (!Array.isArray(stored)) return [];
  const windowMs = rule.windowSeconds * 1000;
  return stored.filter((t): t is number => typeof t === "number" && t > at - windowMs).sort((a, b) => a - b);
}

/**
 * Whether one more hit fits at `at`, given the times in the window.
 *
 * @example
 * decideWindow([], 0, { limit: 5, windowSeconds: 600 }); // { allowed: true, remaining: 5, retryAfterSeconds: null }
 */
export function decideWindow(times: readonly number[], at: number, rule: RateLimitRule): RateLimitDecision {
  if (times.length < rule.limit) return { allowed: true, remaining: rule.limit - times.length, retryAfterSeconds: null };
  const oldest = times[times.length - rule.limit] as number;
  return { allowed: false, remaining: 0, retryAfterSeconds: Math.max(1, Math.ceil((oldest + rule.windowSeconds * 1000 - at) / 1000)) };
}
