import { missingBinding } from "../../shared/misconfigured";
import { hmacSha256, toHex, fromHex, verifyHmacSha256 } from "../notify/hmac";

/*
 * A share link's token is `<id>.<mac>`: the link row's random id (128 bits, hex) and the hex
 * HMAC-SHA256 of `share-link.<id>` under a key derived from `CMS_SESSION_SECRET`. The MAC proves
 * the id was minted here, so a guessed or edited token is turned away before any D1 read; the row
 * (expiry, revocation) decides whether a genuine token still opens anything. The key is derived
 * (an HMAC of a fixed label) so a share MAC can never stand in for a session cookie's signature.
 */

/** Shortest secret accepted: the sign-in's own rule (32 characters). */
const MIN_SECRET_LENGTH = 32;

const TOKEN = /^([0-9a-f]{32})\.([0-9a-f]{64})$/;

/**
 * The share-link signing key of a site, derived from its session secret; 503 `misconfigured`
 * without a usable secret.
 *
 * @example
 * const key = await shareLinkKey(env.CMS_SESSION_SECRET);
 */
export async function shareLinkKey(secret: string | undefined): Promise<string> {
  if (typeof secret !== "string" || secret.length < MIN_SECRET_LENGTH) throw missingBinding("CMS_SESSION_SECRET", "secret", "share links");
  return toHex(await hmacSha256(secret, "cms-toolkit share-link key v1"));
}

/**
 * A fresh link id (128 random bits, hex).
 *
 * @example
 * newShareLinkId() // "3f1c…" (32 hex characters)
 */
export function newShareLinkId(): string {
  return toHex(crypto.getRandomValues(new Uint8Array(16)));
}

/**
 * The token of link `id` under `key`.
 *
 * @example
 * await signShareToken(key, id) // "<id>.<64 hex>"
 */
export async function signShareToken(key: string, id: string): Promise<string> {
  return `${id}.${toHex(await hmacSha256(key, `share-link.${id}`))}`;
}

/**
 * The link id a token proves, or `null` when it is malformed or its MAC is not ours. The MAC is
 * compared in constant time (Web Crypto's `verify`).
 *
 * @example
 * await verifyShareToken(key, token) // "3f1c…" or null
 */
export async function verifyShareToken(key: string, token: string): Promise<string | null> {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const id = match[1] as string;
  const mac = fromHex(match[2] as string);
  return mac && (await verifyHmacSha256(key, `share-link.${id}`, mac)) ? id : null;
}
