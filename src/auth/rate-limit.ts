import type { RateLimiterFactory } from "../cores/rate-limit";

/*
 * Failed sign-ins are limited by two budgets, both atomic (a Durable Object per key), both counted
 * before the password is checked, so fifty parallel guesses get exactly the budget checked:
 *
 * - per client address: `perIp` attempts (default 20) in the window, across all accounts, which
 *   stops one address from spraying many accounts;
 * - per account and client address: `perEmail` attempts (default 5) at one account from one address.
 *
 * There is deliberately no budget per account alone: whoever could exhaust it from anywhere would
 * lock the real editor out. A guesser at one account is locked out from their own address only;
 * the editor, signing in from theirs, is not affected. A distributed guess is bounded by the
 * number of addresses × `perEmail` per window, and each guess costs a PBKDF2 check. A successful
 * sign-in gives its attempt back to the address budget and clears its account-and-address one.
 */

/** Attempts allowed per window for each budget. */
export interface SignInLimits {
  /** Attempts at one account (email, case-folded) from one client address per window; default 5. */
  perEmail: number;
  /** Attempts from one client address per window, across accounts; default 20. */
  perIp: number;
  /** Window length in seconds; default 900 (15 minutes). */
  windowSeconds: number;
}

/** The default limits: 5 attempts per account and address, 20 per address, in any 15 minutes. */
export const DEFAULT_SIGN_IN_LIMITS: Readonly<SignInLimits> = Object.freeze({ perEmail: 5, perIp: 20, windowSeconds: 900 });

/** One sign-in attempt, already counted against both budgets. */
export interface SignInAttempt {
  /** Seconds until a retry may succeed when a budget is spent (the password must not be checked), else `null`. */
  retryAfterSeconds: number | null;
  /** Gives the attempt back to the address budget and clears the account-and-address budget. */
  recordSuccess(): Promise<void>;
}

/**
 * Counts one sign-in attempt for `email` from `ip` against both budgets, atomically.
 *
 * @example
 * const attempt = await openSignInAttempt(limiters, { email, ip }, DEFAULT_SIGN_IN_LIMITS);
 * if (attempt.retryAfterSeconds !== null) return tooManyRequests(attempt.retryAfterSeconds);
 */
export async function openSignInAttempt(limiters: RateLimiterFactory, who: { email: string; ip: string }, limits: SignInLimits): Promise<SignInAttempt> {
  const windowSeconds = limits.windowSeconds;
  const byIp = limiters({ prefix: "signin:ip:", limit: limits.perIp, windowSeconds });
  const byAccount = limiters({ prefix: "signin:account:", limit: limits.perEmail, windowSeconds });
  const ipKey = who.ip.slice(0, 64);
  const accountKey = `${await sha256Hex(who.email.toLowerCase())}:${ipKey}`;
  const ip = await byIp.consume(ipKey);
  if (!ip.allowed) return { retryAfterSeconds: ip.retryAfterSeconds, recordSuccess: async () => {} };
  const account = await byAccount.consume(accountKey);
  if (!account.allowed) {
    // Refused before any password check: it does not use up the address's budget.
    await byIp.release(ipKey);
    return { retryAfterSeconds: account.retryAfterSeconds, recordSuccess: async () => {} };
  }
  return {
    retryAfterSeconds: null,
    async recordSuccess() {
      await Promise.all([byIp.release(ipKey), byAccount.reset(accountKey)]);
    },
  };
}

// Emails can be long and personal; a digest keeps object names short and free of addresses.
async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}
