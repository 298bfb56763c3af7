import { CommerceError } from "../error";
import { resolvePosConfig, type PosConfig } from "./config";
import { withRetry } from "./retry";
import { parseUpstreamBody } from "../body-text";

/** One call to the `/v2/*` surface. */
export interface PosCall {
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  query?: Record<string, string | undefined>;
  /** A JSON body, or a prepared multipart form (the boundary header is left to `fetch`). */
  json?: unknown;
  form?: FormData;
  /** Resolve a 404 to `null` instead of throwing. */
  nullOn404?: boolean;
}

interface RawAnswer {
  status: number;
  retryAfter: string | null;
  text: string;
}

function firstErrorCode(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const errors = (body as { errors?: unknown }).errors;
  if (!Array.isArray(errors)) return undefined;
  const code = (errors[0] as { code?: unknown } | undefined)?.code;
  return typeof code === "string" ? code : undefined;
}

function buildUrl(baseUrl: string, call: PosCall): string {
  const url = new URL(baseUrl + call.path);
  for (const [key, value] of Object.entries(call.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, value);
  }
  return url.toString();
}

/**
 * Sends one `/v2/*` call with the bearer token and the pinned `Pos-Version` header, retrying
 * 429 and 5xx only when `config.retry` is set, and returns the parsed JSON body. A final
 * non-2xx becomes a `CommerceError` (a 429 carries code `RATE_LIMITED`).
 *
 * @example
 * const body = await posRequest<{ locations: unknown[] }>(config, { method: "GET", path: "/v2/locations" })
 */
export async function posRequest<T>(config: PosConfig, call: PosCall & { nullOn404: true }): Promise<T | null>;
export async function posRequest<T>(config: PosConfig, call: PosCall): Promise<T>;
export async function posRequest<T>(config: PosConfig, call: PosCall): Promise<T | null> {
  const resolved = resolvePosConfig(config);
  const url = buildUrl(resolved.baseUrl, call);
  const headers: Record<string, string> = {
    Authorization: `Bearer ${resolved.accessToken}`,
    "Pos-Version": resolved.version,
    Accept: "application/json",
  };
  let body: string | FormData | undefined;
  if (call.form) body = call.form;
  else if (call.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(call.json);
  }
  const attempt = async (): Promise<RawAnswer> => {
    let response: Response;
    try {
      response = await resolved.fetch(url, { method: call.method, headers, body });
    } catch (cause) {
      throw new CommerceError(`pos ${call.method} ${url} failed before a response`, {
        provider: "pos", method: call.method, url, cause,
      });
    }
    return { status: response.status, retryAfter: response.headers.get("Retry-After"), text: await response.text() };
  };
  const answer = await withRetry(attempt, resolved.retry, resolved);
  const parsed = parseUpstreamBody(answer.text);
  if (answer.status === 404 && call.nullOn404) return null;
  if (answer.status < 200 || answer.status > 299) {
    const code = firstErrorCode(parsed) ?? (answer.status === 429 ? "RATE_LIMITED" : undefined);
    throw new CommerceError(`pos ${call.method} ${url} answered ${answer.status}${code ? ` (${code})` : ""}`, {
      provider: "pos", method: call.method, url, status: answer.status, body: parsed, code,
    });
  }
  return (parsed ?? {}) as T;
}
