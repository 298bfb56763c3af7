const encoder = new TextEncoder();

async function hmacSha256(secret: string | Uint8Array, message: string | Uint8Array): Promise<Uint8Array> {
  const keyBytes = typeof secret === "string" ? encoder.encode(secret) : secret;
  const key = await crypto.subtle.importKey("raw", keyBytes, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const data = typeof message === "string" ? encoder.encode(message) : message;
  return new Uint8Array(await crypto.subtle.sign("HMAC", key, data));
}

/**
 * HMAC-SHA256 of `message` under `secret`, lower-case hex.
 *
 * @example
 * await hmacSha256Hex("whsec_test", `${t}.${rawBody}`)
 */
export async function hmacSha256Hex(secret: string | Uint8Array, message: string | Uint8Array): Promise<string> {
  const bytes = await hmacSha256(secret, message);
  let hex = "";
  for (const byte of bytes) hex += byte.toString(16).padStart(2, "0");
  return hex;
}

/**
 * HMAC-SHA256 of `message` under `secret`, standard base64 with padding.
 *
 * @example
 * await hmacSha256Base64(signingKey, notificationUrl + rawBody)
 */
export async function hmacSha256Base64(secret: string | Uint8Array, message: string | Uint8Array): Promise<string> {
  const bytes = await hmacSha256(secret, message);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Compares two signature strings in time that does not depend on where they differ.
 * A length mismatch is `false` (lengths of signatures are public).
 *
 * @example
 * safeEqual(expectedHex, receivedHex)
 */
export function safeEqual(a: string, b: string): boolean {
  if (typeof a !== "string" || typeof b !== "string") return false;
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
