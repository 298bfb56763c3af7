import { CommerceError, type CommerceErrorInit } from "./error";

/** A `fetch`-compatible function; injected so tests can put a local fake provider behind it. */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** One upstream call, described without knowing which provider it is for. */
export interface CommerceRequest {
  provider: CommerceErrorInit["provider"];
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string | FormData;
  fetch?: FetchLike;
  /** Credential values that must never appear in an error's message, URL or body. */
  secrets?: readonly string[];
}

const REDACTED = "[redacted]";

/**
 * Replaces every occurrence of each secret in `text` (and its URL-encoded form) with `[redacted]`.
 *
 * @example
 * scrubSecrets("https://x.test/v1?storefront_token=ptkn_1", ["ptkn_1"]) // "https://x.test/v1?storefront_token=[redacted]"
 */
export function scrubSecrets(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const secret of secrets) {
    // Short values would redact innocent text and still leak nothing worth hiding.
    if (!secret || secret.length < 4) continue;
    out = out.split(secret).join(REDACTED);
    const encoded = encodeURIComponent(secret);
    if (encoded !== secret) out = out.split(encoded).join(REDACTED);
  }
  return out;
}

function scrubBody(body: unknown, secrets: readonly string[]): unknown {
  if (body === undefined || secrets.length === 0) return body;
  if (typeof body === "string") return scrubSecrets(body, secrets);
  const json = JSON.stringify(body);
  const scrubbed = scrubSecrets(json, secrets);
  return scrubbed === json ? body : (JSON.parse(scrubbed) as unknown);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/* The three wire shapes our providers use for errors: `{error:{code,message}}`, `{errors:[{code,detail}]}`, `{code,message}`. */
function describeUpstream(body: unknown): { code?: string; message?: string } {
  if (!isRecord(body)) return {};
  const pick = (v: unknown) => (typeof v === "string" && v ? v : undefined);
  if (isRecord(body.error)) return { code: pick(body.error.code), message: pick(body.error.message) };
  if (Array.isArray(body.errors) && isRecord(body.errors[0])) {
    const first = body.errors[0];
    return { code: pick(first.code), message: pick(first.detail) ?? pick(first.message) };
  }
  return { code: pick(body.code), message: pick(body.message) ?? pick(body.error) };
}

function parseBody(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

async function send(req: CommerceRequest): Promise<{ status: number; text: string; url: string }> {
  const secrets = req.secrets ?? [];
  const safeUrl = scrubSecrets(req.url, secrets);
  const doFetch: FetchLike = req.fetch ?? ((input, init) => fetch(input, init));
  let response: Response;
  try {
    response = await doFetch(req.url, { method: req.method, headers: req.headers, body: req.body });
  } catch (error) {
    // The platform's message can quote the URL, so only a scrubbed copy travels as the cause.
    const detail = scrubSecrets(error instanceof Error ? error.message : String(error), secrets);
    throw new CommerceError(`${req.provider} ${req.method} ${safeUrl} failed before a response: ${detail}`, {
      provider: req.provider, method: req.method, url: safeUrl, cause: new Error(detail),
    });
  }
  return { status: response.status, text: await response.text(), url: safeUrl };
}

/**
 * Sends one request and returns the parsed JSON answer. Any non-2xx answer, a network failure or a
 * 2xx answer that is not JSON becomes a `CommerceError` whose message, URL and body have the
 * request's `secrets` scrubbed. An empty 2xx body resolves to `undefined`.
 *
 * @example
 * const intent = await requestJson<{ id: string }>({ provider: "payments", method: "GET", url, headers, secrets: [key] })
 */
export async function requestJson<T>(req: CommerceRequest): Promise<T> {
  return (await exchange(req, false)) as T;
}

async function exchange(req: CommerceRequest, nullOn404: boolean): Promise<unknown> {
  const secrets = req.secrets ?? [];
  const { status, text, url } = await send(req);
  if (nullOn404 && status === 404) return null;
  const parsed = text === "" ? { ok: true as const, value: undefined } : parseBody(text);
  const body = scrubBody(parsed.ok ? parsed.value : text, secrets);
  const where = `${req.provider} ${req.method} ${url}`;
  if (status < 200 || status > 299) {
    const upstream = describeUpstream(body);
    const reason = upstream.message ? `: ${scrubSecrets(upstream.message, secrets)}` : "";
    throw new CommerceError(`${where} answered ${status}${reason}`, {
      provider: req.provider, method: req.method, url, status, body, code: upstream.code,
    });
  }
  if (!parsed.ok) {
    throw new CommerceError(`${where} answered ${status} with a body that is not JSON`, {
      provider: req.provider, method: req.method, url, status, body,
    });
  }
  return parsed.value;
}

/**
 * Like `requestJson`, but a 404 resolves to `null` (for "one X or null" reads).
 *
 * @example
 * const product = await requestJsonOrNull<SfProduct>({ provider: "storefront", method: "GET", url })
 */
export async function requestJsonOrNull<T>(req: CommerceRequest): Promise<T | null> {
  return (await exchange(req, true)) as T | null;
}

/**
 * Builds a URL from a base, a path and query parameters, skipping `undefined` values.
 *
 * @example
 * buildUrl("https://api.test/", "/v1/collections", { page: 0 }) // "https://api.test/v1/collections?page=0"
 */
export function buildUrl(baseUrl: string, path: string, query: Record<string, string | number | undefined> = {}): string {
  const url = new URL(baseUrl.replace(/\/+$/, "") + path);
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url.toString();
}
