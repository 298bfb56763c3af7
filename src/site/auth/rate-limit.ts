/*
 * Failed sign-ins are limited per email and per client IP with a sliding-window log in KV: each key
 * holds the times of its most recent failures. KV is eventually consistent and has no atomic
 * increment, so a burst of parallel guesses can slip a few past the count before it is written; the
 * limit still bounds a sustained attack, which is what it is for.
 */

/** Failures allowed per window for each key kind. */
export interface SignInLimits {
  /** Failures per email address (lower-cased) per window; default 5. */
  perEmail: number;
  /** Failures per client IP per window; default 20. */
  perIp: number;
  /** Window length in seconds; default 900 (15 minutes). */
  windowSeconds: number;
}

/** The default limits: 5 failures per email and 20 per IP in any 15 minutes. */
export const DEFAULT_SIGN_IN_LIMITS: Readonly<SignInLimits> = Object.freeze({ perEmail: 5, perIp: 20, windowSeconds: 900 });

/** KV refuses an `expirationTtl` under 60 seconds. */
const MIN_KV_TTL_SECONDS = 60;

/** One sign-in attempt's view of the limiter, loaded once so each key is read once per request. */
export interface SignInAttempt {
  /** Seconds until a retry may succeed when over a limit, else `null`. */
  retryAfterSeconds: number | null;
  /** Adds this failure to both the email's and the IP's window. */
  recordFailure(): Promise<void>;
  /** Clears the email's failures (the IP's stay: one good account must not launder an IP's guesses). */
  recordSuccess(): Promise<void>;
}

interface WindowKey {
  key: string;
  limit: number;
  times: number[];
}

/**
 * Loads the failure windows for an email and an IP at time `nowMs`.
 *
 * @example
 * const attempt = await openSignInAttempt(env.KV, { email, ip }, DEFAULT_SIGN_IN_LIMITS, Date.now());
 * if (attempt.retryAfterSeconds !== null) return tooManyRequests(attempt.retryAfterSeconds);
 */
export async function openSignInAttempt(
  kv: KVNamespace,
  who: { email: string; ip: string },
  limits: SignInLimits,
  nowMs: number,
): Promise<SignInAttempt> {
  const windowMs = limits.windowSeconds * 1000;
  const ttl = Math.max(MIN_KV_TTL_SECONDS, Math.ceil(limits.windowSeconds));
  const [emailKey, ipKey] = await Promise.all([
    loadWindow(kv, `signin-fail:email:${await sha256Hex(who.email.toLowerCase())}`, limits.perEmail, windowMs, nowMs),
    loadWindow(kv, `signin-fail:ip:${who.ip.slice(0, 64)}`, limits.perIp, windowMs, nowMs),
  ]);
  const waits = [emailKey, ipKey].map((w) => retryAfter(w, windowMs, nowMs)).filter((s): s is number => s !== null);
  return {
    retryAfterSeconds: waits.length ? Math.max(...waits) : null,
    async recordFailure() {
      await Promise.all(
        [emailKey, ipKey].map((w) => kv.put(w.key, JSON.stringify([...w.times, nowMs].slice(-w.limit)), { expirationTtl: ttl })),
      );
    },
    async recordSuccess() {
      if (emailKey.times.length) await kv.delete(emailKey.key);
    },
  };
}

async function loadWindow(kv: KVNamespace, key: string, limit: number, windowMs: number, nowMs: number): Promise<WindowKey> {
  const stored = await kv.get<unknown>(key, "json");
  const times = Array.isArray(stored)
    ? stored.filter((t): t is number => typeof t === "number" && t > nowMs - windowMs && t <= nowMs).sort((a, b) => a - b)
    : [];
  return { key, limit, times };
}

// Over the limit, the window frees up when the oldest of the newest `limit` failures ages out.
function retryAfter(window: WindowKey, windowMs: number, nowMs: number): number | null {
  if (window.times.length < window.limit) return null;
  const oldest = window.times[window.times.length - window.limit] as number;
  return Math.max(1, Math.ceil((oldest + windowMs - nowMs) / 1000));
}

// Emails can be long and personal; a digest keeps keys short and the KV listing free of addresses.
async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}
