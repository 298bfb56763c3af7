import { createDurableObjectLimiter, createSlidingWindowLimiter, type RateLimiter, type RateLimitRule } from "../cores/rate-limit";
import { runHealthChecks, type HealthCheck } from "../cores/health/run-checks";
import { HttpError } from "../shared/errors";
import type { EditorRoute } from "../shared/route-types";
import type { ResolveEditor } from "../shared/session";
import { clientAddress, type ClientAddressTrust } from "./client-address";
import { json } from "./json";
import { matchPath } from "./match-path";
import { assertMethod, withErrorEdge } from "./run-editor-route";

export interface HealthRouteConfig<Env> {
  resolveEditor: ResolveEditor<Env>;
  /** The checks to run against this request's env. */
  checks: (env: Env) => HealthCheck[];
  /** Default `/api/cms/health`. */
  path?: string;
  /** Health answers per client address; default 30 a minute (each answer probes D1, R2, KV and a room). */
  limit?: RateLimitRule;
  /** When `CF-Connecting-IP` is believed for the limit; default `"edge"`. */
  trustClientAddress?: ClientAddressTrust;
}

/** Health answers per client and window unless configured. */
export const DEFAULT_HEALTH_LIMIT: RateLimitRule = { limit: 30, windowSeconds: 60 };

const NO_STORE = { "cache-control": "no-store" };

/**
 * `GET /api/cms/health`: anyone gets `{ status: "ok" | "degraded" | "down" }` (200, or 503 when
 * down); a signed-in publisher also gets `checks`, each `{ name, status, ms, detail?, fix? }`.
 * Never cached, rate limited per client (in `RATE_LIMIT`, else `KV`, else not at all: the bindings
 * check then says what is missing), and never a 500: a check that throws is that check failing.
 *
 * @example
 * const route = healthRoute({ resolveEditor, checks: (env) => [d1Check(env.DB)] });
 */
export function healthRoute<Env>(config: HealthRouteConfig<Env>): EditorRoute<Env> {
  const path = config.path ?? "/api/cms/health";
  const rule = config.limit ?? DEFAULT_HEALTH_LIMIT;
  return withErrorEdge<Env>(async (request, env) => {
    if (!matchPath(path, new URL(request.url).pathname)) return undefined;
    assertMethod(request, ["GET", "HEAD"]);
    const limiter = limiterOf(env, rule);
    // A limiter that fails (its own store down) lets the request through: health is how that is found.
    const decision = limiter ? await limiter.consume(clientAddress(request, config.trustClientAddress)).catch(() => null) : null;
    if (decision && !decision.allowed) {
      const retryAfter = decision.retryAfterSeconds ?? rule.windowSeconds;
      throw new HttpError(429, `too many health requests; try again in ${retryAfter} seconds`, {
        code: "rate_limited",
        details: { retryAfter },
        headers: { "retry-after": String(retryAfter), ...NO_STORE },
      });
    }
    // Who asks decides only how much is said; a resolver that fails (D1 down) is a visitor.
    const editor = await Promise.resolve()
      .then(() => config.resolveEditor(request, env))
      .catch(() => null);
    const { status, checks } = await runHealthChecks(checksOf(config, env));
    const body = editor?.access.publish ? { status, checks } : { status };
    return json(body, { status: status === "down" ? 503 : 200, headers: NO_STORE });
  });
}

/* Building the checks reads the env: a failure there is one failing check, not a 500. */
function checksOf<Env>(config: HealthRouteConfig<Env>, env: Env): HealthCheck[] {
  try {
    return config.checks(env);
  } catch (error) {
    return [{ name: "setup", failure: "down", run: () => Promise.reject(error) }];
  }
}

function limiterOf(env: unknown, rule: RateLimitRule): RateLimiter | null {
  const bound = env as { RATE_LIMIT?: DurableObjectNamespace; KV?: KVNamespace };
  const spec = { prefix: "health:", ...rule };
  if (bound.RATE_LIMIT) return createDurableObjectLimiter({ namespace: bound.RATE_LIMIT, ...spec });
  if (bound.KV) return createSlidingWindowLimiter({ kv: bound.KV, ...spec });
  return null;
}
