import { createDurableObjectLimiter, type RateLimiterFactory, type RateLimiterSpec } from "../cores/rate-limit";
import { HttpError } from "../shared/errors";
import { missingBinding } from "../shared/misconfigured";

/** The bindings the team routes read: `DB`; `CMS_SESSION_SECRET` keys the links (503 without it); `RATE_LIMIT` counts calls. */
export interface TeamEnv {
  DB: D1Database;
  CMS_SESSION_SECRET?: string | undefined;
  RATE_LIMIT?: DurableObjectNamespace | undefined;
}

/** Calls allowed per window: an admin's calls to `/api/cms/editors`, and link-page posts per client address. */
export interface TeamLimits {
  /** Calls to the team routes per admin per window; default 60. */
  perAdmin: number;
  /** Password submissions on invite and reset pages per client address per window; default 10. */
  perAddress: number;
  /** Window length in seconds; default 600 (10 minutes). */
  windowSeconds: number;
}

/** The default team limits: 60 calls per admin, 10 link-page submissions per address, in any 10 minutes. */
export const DEFAULT_TEAM_LIMITS: Readonly<TeamLimits> = Object.freeze({ perAdmin: 60, perAddress: 10, windowSeconds: 600 });

/** Where invite and reset links open (`/invite/<token>`, `/reset/<token>`). */
export const TEAM_LINK_PATHS = { invite: "/invite", reset: "/reset" } as const;

/**
 * A budget check: counts one call for `key` and throws 429 `rate_limited` (with `Retry-After`)
 * once the budget is spent. Counted in `factory` when given, else atomically in `env.RATE_LIMIT`
 * (503 `misconfigured` naming it when the binding is missing).
 *
 * @example
 * await teamLinkLimiter(undefined, env, Date.now, { prefix: "team:admin:", limit: 60, windowSeconds: 600 })(admin.id);
 */
export function teamLinkLimiter(
  factory: RateLimiterFactory | undefined,
  env: { RATE_LIMIT?: DurableObjectNamespace | undefined },
  now: () => number,
  spec: RateLimiterSpec,
): (key: string) => Promise<void> {
  return async (key) => {
    const namespace = env.RATE_LIMIT;
    if (!factory && !namespace) throw missingBinding("RATE_LIMIT", "Durable Object namespace", "managing people");
    const limiter = factory ? factory(spec) : createDurableObjectLimiter({ namespace: namespace!, now, ...spec });
    const decision = await limiter.consume(key.slice(0, 64));
    if (decision.allowed) return;
    const retryAfter = decision.retryAfterSeconds ?? spec.windowSeconds;
    throw new HttpError(429, `too many requests; try again in ${retryAfter} seconds`, {
      code: "rate_limited",
      details: { retryAfter },
      headers: { "retry-after": String(retryAfter) },
    });
  };
}
