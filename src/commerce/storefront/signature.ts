import { hmacSha256Base64, safeEqual } from "../hmac";

/**
 * The header the storefront provider signs its webhooks in.
 *
 * @example
 * request.headers.get(STOREFRONT_SIGNATURE_HEADER)
 */
export const STOREFRONT_SIGNATURE_HEADER = "X-Fourthwall-Hmac-SHA256";

/**
 * Verifies a storefront order webhook: the header must equal the base64 HMAC-SHA256 of the raw
 * body under the webhook secret, compared in constant time. Verify the raw text before parsing;
 * re-serialized JSON would not match. A missing or empty header or secret is `false`; never throws.
 *
 * @example
 * const raw = await request.text();
 * if (!(await verifyStorefrontSignature(raw, request.headers.get(STOREFRONT_SIGNATURE_HEADER), env.STOREFRONT_WEBHOOK_SECRET))) {
 *   return new Response("bad signature", { status: 401 });
 * }
 */
export async function verifyStorefrontSignature(
  body: string | Uint8Array,
  header: string | null | undefined,
  secret: string,
): Promise<boolean> {
  if (typeof header !== "string" || header.trim() === "") return false;
  if (typeof secret !== "string" || secret === "") return false;
  if (typeof body !== "string" && !(body instanceof Uint8Array)) return false;
  const expected = await hmacSha256Base64(secret, body);
  return safeEqual(expected, header.trim());
}
