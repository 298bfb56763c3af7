import { CommerceError } from "../error";
import { buildUrl, requestJson, requestJsonOrNull } from "../http";
import type { StorefrontOptions } from "./types";

/**
 * The Storefront API's production host; override it per call with `baseUrl`.
 *
 * @example
 * await listCollections(token, { baseUrl: STOREFRONT_BASE_URL })
 */
export const STOREFRONT_BASE_URL = "https://storefront-api.fourthwall.com";

/** The upper bound on pages followed, so a provider that always says "more" cannot loop us forever. */
const MAX_PAGES = 1000;

type Query = Record<string, string | number | undefined>;

/** The URL of a storefront call; the token travels as the `storefront_token` query parameter. */
export function storefrontUrl(token: string, options: StorefrontOptions, path: string, query: Query = {}): string {
  return buildUrl(options.baseUrl ?? STOREFRONT_BASE_URL, path, { ...query, storefront_token: token });
}

/** A local validation failure, raised before any request; the token is scrubbed from the URL. */
export function storefrontInputError(message: string, method: string, options: StorefrontOptions, path: string): CommerceError {
  const url = buildUrl(options.baseUrl ?? STOREFRONT_BASE_URL, path);
  return new CommerceError(`storefront: ${message}`, { provider: "storefront", method, url });
}

function requireToken(token: string, method: string, options: StorefrontOptions, path: string): void {
  if (typeof token !== "string" || token.trim() === "") {
    throw storefrontInputError("a storefront token is required", method, options, path);
  }
}

/** GET a storefront resource. */
export async function storefrontGet<T>(token: string, options: StorefrontOptions, path: string, query: Query = {}): Promise<T> {
  requireToken(token, "GET", options, path);
  return requestJson<T>({
    provider: "storefront", method: "GET", url: storefrontUrl(token, options, path, query),
    headers: { Accept: "application/json" }, fetch: options.fetch, secrets: [token],
  });
}

/** GET a storefront resource that may not exist. */
export async function storefrontGetOrNull<T>(token: string, options: StorefrontOptions, path: string, query: Query = {}): Promise<T | null> {
  requireToken(token, "GET", options, path);
  return requestJsonOrNull<T>({
    provider: "storefront", method: "GET", url: storefrontUrl(token, options, path, query),
    headers: { Accept: "application/json" }, fetch: options.fetch, secrets: [token],
  });
}

/** POST JSON to the storefront. */
export async function storefrontPost<T>(token: string, options: StorefrontOptions, path: string, body: unknown, query: Query = {}): Promise<T> {
  requireToken(token, "POST", options, path);
  return requestJson<T>({
    provider: "storefront", method: "POST", url: storefrontUrl(token, options, path, query),
    headers: { Accept: "application/json", "Content-Type": "application/json" },
    body: JSON.stringify(body), fetch: options.fetch, secrets: [token],
  });
}

interface Page<T> {
  results?: T[];
  paging?: { hasNextPage?: boolean };
}

/** Follows `page=0,1,…` while the provider reports `paging.hasNextPage` and pages are not empty. */
export async function storefrontGetAll<T>(token: string, options: StorefrontOptions, path: string, query: Query = {}, size = 50): Promise<T[]> {
  const all: T[] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await storefrontGet<Page<T>>(token, options, path, { ...query, page, size });
    const results = answer?.results;
    if (!Array.isArray(results)) {
      const url = buildUrl(options.baseUrl ?? STOREFRONT_BASE_URL, path, { ...query, page, size });
      throw new CommerceError(`storefront GET ${url} answered without a results list`, { provider: "storefront", method: "GET", url, body: answer });
    }
    all.push(...results);
    if (answer?.paging?.hasNextPage !== true || results.length === 0) break;
  }
  return all;
}
