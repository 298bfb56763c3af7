import { hmacSha256Base64, safeEqual } from "../hmac";

/**
 * Verifies a point-of-sale webhook: base64 HMAC-SHA256 under the subscription's signature key
 * over the notification URL followed by the raw body. The URL must be exactly the one
 * registered with the provider (scheme, host, path and query), since it is part of what is signed.
 *
 * @example
 * const ok = await verifyPosSignature("https://shop.example/hooks/pos", await request.text(), request.headers.get("x-square-hmacsha256-signature"), env.POS_SIGNATURE_KEY)
 */
export async function verifyPosSignature(url: string, body: string, header: string | null | undefined, key: string): Promise<boolean> {
  if (!header || !key || !url) return false;
  const expected = await hmacSha256Base64(key, url + body);
  return safeEqual(expected, header.trim());
}
