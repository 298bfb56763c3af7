/** Retry policy for 429 and 5xx answers. Off unless a client config carries one. */
export interface PosRetryConfig {
  /** Total tries including the first one (3 means up to two retries). */
  attempts: number;
  /** Lower bound of every backoff delay. */
  baseDelayMs: number;
  /** Upper bound of the jittered backoff (a server's `Retry-After` may ask for longer and is obeyed). */
  maxDelayMs: number;
}

/** Injected time and randomness, so backoff is exact in tests. */
export interface RetryDeps {
  sleep: (ms: number) => Promise<void>;
  random: () => number;
  now: () => number;
}

/**
 * Whether an upstream status may be retried: throttling (429) and server faults (5xx) only.
 * Every other 4xx is the caller's mistake and repeats identically.
 *
 * @example
 * isRetryableStatus(429) // true
 * isRetryableStatus(409) // false
 */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || (status >= 500 && status <= 599);
}

/**
 * Full-jitter backoff for retry number `retry` (0 for the first retry): a uniform draw between
 * `baseDelayMs` and a ceiling that doubles per retry and never passes `maxDelayMs`.
 *
 * @example
 * backoffDelay({ attempts: 4, baseDelayMs: 100, maxDelayMs: 1000 }, 0, () => 0.5) // 150
 */
export function backoffDelay(policy: PosRetryConfig, retry: number, random: () => number): number {
  const base = Math.max(0, policy.baseDelayMs);
  const ceiling = Math.max(base, Math.min(policy.maxDelayMs, base * 2 ** (retry + 1)));
  return Math.round(base + random() * (ceiling - base));
}

/**
 * Reads `Retry-After` (delta seconds or an HTTP date) as milliseconds from `now`; `undefined`
 * when absent or unreadable.
 *
 * @example
 * parseRetryAfter("2", Date.now()) // 2000
 */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null || value.trim() === "") return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

/** One answer as the retry loop sees it. */
export interface AttemptResult {
  status: number;
  retryAfter: string | null;
}

/**
 * Runs `attempt` until it answers something not retryable, or the policy's tries run out,
 * sleeping a jittered backoff (or the server's `Retry-After`) between tries. Without a policy
 * it tries once. Returns the last answer; deciding whether it is an error is the caller's job.
 *
 * @example
 * const res = await withRetry(() => send(), { attempts: 3, baseDelayMs: 100, maxDelayMs: 2000 }, deps)
 */
export async function withRetry<T extends AttemptResult>(
  attempt: () => Promise<T>,
  policy: PosRetryConfig | undefined,
  deps: RetryDeps,
): Promise<T> {
  const tries = policy ? Math.max(1, Math.floor(policy.attempts)) : 1;
  let result = await attempt();
  for (let retry = 0; retry < tries - 1 && policy && isRetryableStatus(result.status); retry++) {
    const asked = parseRetryAfter(result.retryAfter, deps.now());
    await deps.sleep(asked ?? backoffDelay(policy, retry, deps.random));
    result = await attempt();
  }
  return result;
}
