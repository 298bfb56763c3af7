/*
 * Base64 helpers on `btoa`/`atob`, which workerd and Node 20 both provide, so the password code can be
 * loaded by the Node scripts unchanged.
 */

/**
 * Standard base64 of bytes.
 *
 * @example
 * toBase64(new Uint8Array([1, 2, 3])) // "AQID"
 */
export function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Bytes of a standard base64 string, or `null` when it is not valid base64.
 *
 * @example
 * fromBase64("AQID") // Uint8Array [1, 2, 3]
 */
export function fromBase64(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return null;
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Unpadded base64url of bytes (cookie-safe).
 *
 * @example
 * toBase64Url(new Uint8Array([251, 255])) // "-_8"
 */
export function toBase64Url(bytes: Uint8Array): string {
  return toBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * Bytes of an unpadded base64url string, or `null` when it is not valid base64url.
 *
 * @example
 * fromBase64Url("-_8") // Uint8Array [251, 255]
 */
export function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const padded = text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4);
  return fromBase64(padded);
}
