/**
 * The bindings sign-in needs: `DB` holds the `editors` table, `RATE_LIMIT` (a `RateLimitObject`
 * namespace) counts sign-in attempts atomically, `CMS_SESSION_SECRET` (at least 32 characters) signs
 * the session cookie. A site's own `Env` extends it.
 *
 * @example
 * interface Env extends AuthEnv { MEDIA: R2Bucket }
 */
export interface AuthEnv {
  DB: D1Database;
  RATE_LIMIT: DurableObjectNamespace;
  CMS_SESSION_SECRET: string;
}
