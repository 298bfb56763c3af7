import { missingBinding } from "../../shared/misconfigured";
import type { RateLimitKv } from "../rate-limit";

/** Bindings as the form pipeline sees them: looked up by the names a definition declares. */
export type FormEnv = Readonly<Record<string, unknown>>;

/*
 * A declared binding that is missing is a deployment mistake, not a visitor's: it throws a 503
 * `misconfigured` naming the fix, logged once, before anything is stored.
 */

/**
 * The string value of a declared env binding (a secret or a URL).
 *
 * @example
 * envString(env, "CMS_FORM_TIMING_SECRET", "contact")
 */
export function envString(env: FormEnv, name: string, form: string): string {
  const value = env[name];
  if (typeof value !== "string" || value === "") throw missingBinding(name, "secret", `form ${form}`);
  return value;
}

/**
 * The Durable Object namespace behind a declared binding name (a `RateLimitObject` namespace).
 *
 * @example
 * envDurableObjects(env, "RATE_LIMIT", "contact")
 */
export function envDurableObjects(env: FormEnv, name: string, form: string): DurableObjectNamespace {
  const value = env[name] as Partial<DurableObjectNamespace> | undefined;
  if (!value || typeof value.idFromName !== "function" || typeof value.get !== "function") {
    throw missingBinding(name, "Durable Object namespace", `form ${form}'s rate limit`);
  }
  return value as DurableObjectNamespace;
}

/**
 * The KV namespace behind a declared binding name.
 *
 * @example
 * envKv(env, "KV", "contact")
 */
export function envKv(env: FormEnv, name: string, form: string): RateLimitKv {
  const value = env[name] as Partial<RateLimitKv> | undefined;
  if (!value || typeof value.get !== "function" || typeof value.put !== "function") {
    throw missingBinding(name, "KV namespace", `form ${form}'s rate limit`);
  }
  return value as RateLimitKv;
}
