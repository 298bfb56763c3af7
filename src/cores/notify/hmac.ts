const encoder = new TextEncoder();

async function importKey(secret: string, usage: "sign" | "verify"): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [usage]);
}

/**
 * HMAC-SHA256 of `message` under `secret`, as raw bytes.
 *
 * @example
 * const mac = await hmacSha256("k", "hello"); // Uint8Array(32)
 */
export async function hmacSha256(secret: string, message: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.sign("HMAC", await importKey(secret, "sign"), encoder.encode(message)));
}

/**
 * Checks a MAC in constant time (Web Crypto's `verify` compares without an early exit).
 *
 * @example
 * await verifyHmacSha256("k", "hello", await hmacSha256("k", "hello")) // true
 */
export async function verifyHmacSha256(secret: string, message: string, mac: Uint8Array): Promise<boolean> {
  return crypto.subtle.verify("HMAC", await importKey(secret, "verify"), mac, encoder.encode(message));
}

/**
 * Lower-case hex of bytes.
 *
 * @example
 * toHex(new Uint8Array([1, 255])) // "01ff"
 */
export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Bytes of a hex string, or `null` when it is not even-length hex.
 *
 * @example
 * fromHex("01ff") // Uint8Array [1, 255]
 */
export function fromHex(hex: string): Uint8Array | null {
  if (!/^(?:[0-9a-f]{2})*$/i.test(hex)) return null;
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}
