import { createSlidingWindowLimiter } from "../../cores/rate-limit";

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

/** One sign-in attempt's view of the limiter. */
export interface SignInAttempt {
  /** Seconds until a retry may succeed when over a limit, else `null`. */
  retryAfterSeconds: number | null;
  /** Adds this failure to both the email's and the IP's window. */
  recordFailure(): Promise<void>;
  /** Clears the email's failures (the IP's stay: one good account must not launder an IP's guesses). */
  recordSuccess(): Promise<void>;
}

/**
 * Loads the failure windows for an email and an IP at time `nowMs`, through the shared KV
 * sliding-window limiter (one per key kind).
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
  const now = () => nowMs;
  const windowSeconds = limits.windowSeconds;
  const byEmail = createSlidingWindowLimiter({ kv, prefix: "signin-fail:email:", limit: limits.perEmail, windowSeconds, now });
  const byIp = createSlidingWindowLimiter({ kv, prefix: "signin-fail:ip:", limit: limits.perIp, windowSeconds, now });
  const emailKey = await sha256Hex(who.email.toLowerCase());
  const ipKey = who.ip.slice(0, 64);
  const [email, ip] = await Promise.all([byEmail.peek(emailKey), byIp.peek(ipKey)]);
  const waits = [email.retryAfterSeconds, ip.retryAfterSeconds].filter((s): s is number => s !== null);
  return {
    retryAfterSeconds: waits.length ? Math.max(...waits) : null,
    async recordFailure() {
      await Promise.all([byEmail.record(emailKey), byIp.record(ipKey)]);
    },
    async recordSuccess() {
      if (email.remaining < limits.perEmail) await byEmail.reset(emailKey);
    },
  };
}

// Emails can be long and personal; a digest keeps keys short and the KV listing free of addresses.
async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}
