/*
 * Cloudflare Access's signing keys for one team, from `https://<team>.cloudflareaccess.com/cdn-cgi/access/certs`
 * (`{ keys: JWK[], public_cert, public_certs }`; only the JWKs are read). Kept in the isolate for
 * the answer's `max-age` (default an hour, at most a day). A token naming a key id the cache lacks
 * makes one refetch, because Access rotates its key every six weeks; made-up key ids cannot turn
 * into a flood of fetches: at most one refetch per `MIN_REFETCH_MS`.
 */

const DEFAULT_MAX_AGE_SECONDS = 3600;
const MAX_MAX_AGE_SECONDS = 86_400;
const MIN_REFETCH_MS = 10_000;

interface Cached {
  keys: Map<string, CryptoKey>;
  fetchedAt: number;
  expiresAt: number;
}

/** The keys of one team's certs address, fetched through `fetch` and cached. */
export interface AccessKeys {
  /** The verify key with this `kid`, or `null` (unknown after at most one refetch, or the certs could not be read). */
  key(kid: string): Promise<CryptoKey | null>;
}

/**
 * A cache of the signing keys at `certsUrl`.
 *
 * @example
 * const keys = accessKeys("https://team.cloudflareaccess.com/cdn-cgi/access/certs", fetch, Date.now);
 * const key = await keys.key(header.kid);
 */
export function accessKeys(certsUrl: string, fetcher: typeof fetch, now: () => number): AccessKeys {
  let cached: Cached | null = null;
  let inflight: Promise<Cached | null> | null = null;

  const refresh = (): Promise<Cached | null> => {
    inflight ??= load(certsUrl, fetcher, now).finally(() => {
      inflight = null;
    });
    return inflight;
  };

  return {
    async key(kid) {
      if (!cached || cached.expiresAt <= now()) cached = (await refresh()) ?? cached;
      const known = cached?.keys.get(kid);
      if (known) return known;
      if (cached && now() - cached.fetchedAt < MIN_REFETCH_MS) return null;
      cached = (await refresh()) ?? cached;
      return cached?.keys.get(kid) ?? null;
    },
  };
}

async function load(certsUrl: string, fetcher: typeof fetch, now: () => number): Promise<Cached | null> {
  let body: unknown;
  let cacheControl: string | null;
  try {
    const response = await fetcher(certsUrl, { headers: { accept: "application/json" } });
    if (!response.ok) return null;
    cacheControl = response.headers.get("cache-control");
    body = await response.json();
  } catch {
    return null;
  }
  const list = body !== null && typeof body === "object" ? (body as { keys?: unknown }).keys : undefined;
  if (!Array.isArray(list)) return null;
  const keys = new Map<string, CryptoKey>();
  for (const jwk of list) {
    if (!isRsaSigningKey(jwk)) continue;
    try {
      const { kid, ...material } = jwk;
      keys.set(kid, await crypto.subtle.importKey("jwk", { ...material, alg: "RS256" }, { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" }, false, ["verify"]));
    } catch {
      // A key this runtime cannot import is one no token can be verified with; skip it.
    }
  }
  const fetchedAt = now();
  return { keys, fetchedAt, expiresAt: fetchedAt + maxAgeSeconds(cacheControl) * 1000 };
}

function isRsaSigningKey(value: unknown): value is JsonWebKey & { kid: string } {
  if (value === null || typeof value !== "object") return false;
  const jwk = value as Record<string, unknown>;
  return jwk.kty === "RSA" && typeof jwk.kid === "string" && typeof jwk.n === "string" && typeof jwk.e === "string" && (jwk.alg === undefined || jwk.alg === "RS256");
}

function maxAgeSeconds(cacheControl: string | null): number {
  const match = cacheControl ? /(?:^|,)\s*max-age=(\d+)/i.exec(cacheControl) : null;
  if (!match) return DEFAULT_MAX_AGE_SECONDS;
  return Math.min(Number(match[1]), MAX_MAX_AGE_SECONDS);
}
