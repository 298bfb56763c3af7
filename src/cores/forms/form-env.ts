import type { RateLimitKv } from "../rate-limit";

/** Bindings as the form pipeline sees them: looked up by the names a definition declares. */
export type FormEnv = Readonly<Record<string, unknown>>;

/*
 * A declared binding that is missing is a deployment mistake, not a visitor's: it throws a plain
 * Error, which the route edge logs and answers as a 500, so the mistake is loud and nothing is stored.
 */

/**
 * The string value of a declared env binding (a secret or a URL).
 *
 * @example
 * envString(env, "CMS_FORM_TIMING_SECRET", "contact")
 */
export function envString(env: FormEnv, name: string, form: string): string {
  const value = env[name];
  if (typeof value !== "string" || value === "") throw new Error(`form ${form}: env binding ${name} is not set`);
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
    throw new Error(`form ${form}: env binding ${name} is not a Durable Object namespace`);
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
    throw new Error(`form ${form}: env binding ${name} is not a KV namespace`);
  }
  return value as RateLimitKv;
}
