import { CommerceError } from "../error";
import { withRetry } from "../pos/retry";
import { resolvePlatformConfig, type StorefrontPlatformConfig } from "./config";
import type { PlatformCallKind } from "./rate-limiter";
import { parseUpstreamBody } from "../body-text";

/** One Platform API call. */
export interface PlatformCall {
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  query?: Record<string, string | number | undefined>;
  json?: unknown;
  /** Which buckets the call is charged to; `call` unless it creates a product. */
  kind?: PlatformCallKind;
  /** `false` for chargeable calls that must never be repeated, whatever `config.retry` says. */
  retryable?: boolean;
  nullOn404?: boolean;
}

function upstreamCode(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const code = (body as { code?: unknown; type?: unknown }).code ?? (body as { type?: unknown }).type;
  return typeof code === "string" ? code : undefined;
}

/**
 * Sends one Platform API call: waits for the shop's rate-limit tokens (each try is charged),
 * authenticates with basic credentials, retries 429 and 5xx when `config.retry` is set and the
 * call is retryable, and returns the parsed JSON. A final non-2xx becomes a `CommerceError`.
 *
 * @example
 * const order = await platformRequest<WireOrder>(config, { method: "GET", path: "/external-orders/o1", nullOn404: true })
 */
export async function platformRequest<T>(config: StorefrontPlatformConfig, call: PlatformCall & { nullOn404: true }): Promise<T | null>;
export async function platformRequest<T>(config: StorefrontPlatformConfig, call: PlatformCall): Promise<T>;
export async function platformRequest<T>(config: StorefrontPlatformConfig, call: PlatformCall): Promise<T | null> {
  const resolved = resolvePlatformConfig(config);
  const url = new URL(resolved.baseUrl + call.path);
  for (const [key, value] of Object.entries(call.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  const href = url.toString();
  const headers: Record<string, string> = { Authorization: resolved.authorization, Accept: "application/json" };
  if (call.json !== undefined) headers["Content-Type"] = "application/json";
  const body = call.json === undefined ? undefined : JSON.stringify(call.json);
  const attempt = async () => {
    await resolved.limiter?.acquire(call.kind ?? "call");
    let response: Response;
    try {
      response = await resolved.fetch(href, { method: call.method, headers, body });
    } catch (cause) {
      throw new CommerceError(`storefront-platform ${call.method} ${href} failed before a response`, {
        provider: "storefront-platform", method: call.method, url: href, cause,
      });
    }
    return { status: response.status, retryAfter: response.headers.get("Retry-After"), text: await response.text() };
  };
  const policy = call.retryable === false ? undefined : resolved.retry;
  const answer = await withRetry(attempt, policy, { sleep: resolved.clock.sleep, now: resolved.clock.now, random: resolved.random });
  if (answer.status === 404 && call.nullOn404) return null;
  const parsed = parseUpstreamBody(answer.text);
  if (answer.status < 200 || answer.status > 299) {
    const code = answer.status === 429 ? "RATE_LIMITED" : upstreamCode(parsed);
    throw new CommerceError(`storefront-platform ${call.method} ${href} answered ${answer.status}`, {
      provider: "storefront-platform", method: call.method, url: href, status: answer.status, body: parsed, code,
    });
  }
  return (parsed ?? {}) as T;
}
