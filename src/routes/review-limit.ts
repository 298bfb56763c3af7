import { createDurableObjectLimiter, createSlidingWindowLimiter, type RateLimiter, type RateLimitRule } from "../cores/rate-limit";
import { HttpError } from "../shared/errors";
import type { EditorSession } from "../shared/session";

/** Review writes (comments, replies, resolving, settling suggestions) an editor may make per window. */
export interface ReviewLimitOptions {
  /** Default 60 writes a minute per editor, across all pages. */
  limit?: RateLimitRule;
}

/** 60 review writes a minute per editor: far above anyone's typing, far below a script's loop. */
export const DEFAULT_REVIEW_LIMIT: Readonly<RateLimitRule> = Object.freeze({ limit: 60, windowSeconds: 60 });

/**
 * Counts one review write of `session`'s editor and throws 429 `rate_limited` (with `Retry-After`)
 * once the budget is spent. Each write is a room transaction, a D1 batch and maybe mails, so one
 * account's loop must not flood a page's editors or the team's inboxes. Counted atomically in
 * `RATE_LIMIT` when bound, else in `KV`; a site with neither is not limited.
 *
 * @example
 * await assertReviewBudget(env, session, DEFAULT_REVIEW_LIMIT);
 */
export async function assertReviewBudget(env: unknown, session: EditorSession, rule: RateLimitRule = DEFAULT_REVIEW_LIMIT): Promise<void> {
  const limiter = limiterOf(env, rule);
  if (!limiter) return;
  const decision = await limiter.consume(session.id.slice(0, 128));
  if (decision.allowed) return;
  const retryAfter = decision.retryAfterSeconds ?? rule.windowSeconds;
  throw new HttpError(429, `too many comment and suggestion changes; try again in ${retryAfter} seconds`, {
    code: "rate_limited",
    details: { retryAfter },
    headers: { "retry-after": String(retryAfter) },
  });
}

function limiterOf(env: unknown, rule: RateLimitRule): RateLimiter | null {
  const bound = env as { RATE_LIMIT?: DurableObjectNamespace; KV?: KVNamespace };
  const spec = { prefix: "review:", ...rule };
  if (bound.RATE_LIMIT) return createDurableObjectLimiter({ namespace: bound.RATE_LIMIT, ...spec });
  if (bound.KV) return createSlidingWindowLimiter({ kv: bound.KV, ...spec });
  return null;
}
