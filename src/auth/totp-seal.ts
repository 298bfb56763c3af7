import { fromBase64Url, toBase64Url } from "./base64";

/*
 * TOTP secrets are stored sealed: AES-256-GCM under a key derived (HKDF-SHA-256) from
 * `CMS_SESSION_SECRET`, with the editor id as additional data. A copy of the database alone then
 * does not give anyone the codes, and a sealed secret moved onto another account's row does not
 * open. The price: a rotated `CMS_SESSION_SECRET` cannot open the secrets sealed before, so every
 * account's second factor must be turned on again (their recovery codes still sign them in).
 */

const SEAL_VERSION = "v1";
const HKDF_INFO = new TextEncoder().encode("cms-toolkit totp secret v1");

/**
 * Seals a TOTP secret for the row of `editorId`: `v1.<iv>.<ciphertext>`, base64url.
 *
 * @example
 * const stored = await sealTotpSecret(secret, 7, env.CMS_SESSION_SECRET);
 */
export async function sealTotpSecret(secret: Uint8Array, editorId: number, sessionSecret: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: boundTo(editorId) }, await sealKey(sessionSecret), secret);
  return `${SEAL_VERSION}.${toBase64Url(iv)}.${toBase64Url(new Uint8Array(sealed))}`;
}

/**
 * The secret in a sealed value, or `null` when it does not open (another secret, another row,
 * tampered or malformed).
 *
 * @example
 * const secret = await openTotpSecret(row.secret, 7, env.CMS_SESSION_SECRET);
 */
export async function openTotpSecret(sealed: string, editorId: number, sessionSecret: string): Promise<Uint8Array | null> {
  const [version, ivText, bodyText, extra] = sealed.split(".");
  if (version !== SEAL_VERSION || ivText === undefined || bodyText === undefined || extra !== undefined) return null;
  const iv = fromBase64Url(ivText);
  const body = fromBase64Url(bodyText);
  if (!iv || iv.byteLength !== 12 || !body) return null;
  try {
    return new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv, additionalData: boundTo(editorId) }, await sealKey(sessionSecret), body));
  } catch {
    return null;
  }
}

function boundTo(editorId: number): Uint8Array {
  return new TextEncoder().encode(`editor:${editorId}`);
}

// Deriving is the costly part; keep the latest key for the isolate's life (a rotated secret replaces it).
let cached: { secret: string; key: Promise<CryptoKey> } | undefined;

function sealKey(sessionSecret: string): Promise<CryptoKey> {
  if (cached?.secret !== sessionSecret) {
    const key = crypto.subtle
      .importKey("raw", new TextEncoder().encode(sessionSecret), "HKDF", false, ["deriveKey"])
      .then((base) =>
        crypto.subtle.deriveKey({ name: "HKDF", hash: "SHA-256", salt: new Uint8Array(32), info: HKDF_INFO }, base, { name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]),
      );
    cached = { secret: sessionSecret, key };
  }
  return cached.key;
}
