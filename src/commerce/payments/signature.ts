import { hmacSha256Hex, safeEqual } from "../hmac";

/** Options of `verifyPaymentsSignature`. */
export interface VerifyPaymentsSignatureOptions {
  /** Seconds a signed timestamp stays acceptable, either side of now; default 300. Must be a finite number ≥ 0, else every webhook is refused (`invalid_tolerance`). */
  tolerance?: number;
  /** Clock in milliseconds since the epoch (like `Date.now`); injected for exact tests. */
  now?: () => number;
}

/** Why a payments webhook was refused. */
export type PaymentsSignatureFailure = "invalid_tolerance" | "malformed_header" | "timestamp_outside_tolerance" | "no_matching_signature";

/** The outcome of `checkPaymentsSignature`. */
export type PaymentsSignatureCheck =
  | { valid: true; timestamp: number }
  | { valid: false; reason: PaymentsSignatureFailure; message: string };

/** A parsed `Stripe-Signature` header: the signed timestamp (seconds) and every `v1` signature. */
export interface PaymentsSignatureHeader {
  timestamp: number;
  signatures: string[];
}

const HEX_SHA256 = /^[0-9a-f]{64}$/;

/**
 * Parses a `t=…,v1=…[,v1=…]` header. Returns `null` when it is malformed: empty, no or several `t`,
 * a `t` that is not an integer, no `v1`, or a `v1` that is not 64 lower-case hex digits.
 * Other schemes (such as `v0`) are ignored.
 *
 * @example
 * parsePaymentsSignatureHeader("t=1700000000,v1=5257a8…") // { timestamp: 1700000000, signatures: ["5257a8…"] }
 */
export function parsePaymentsSignatureHeader(header: string | null | undefined): PaymentsSignatureHeader | null {
  if (typeof header !== "string" || header.trim() === "") return null;
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const eq = part.indexOf("=");
    if (eq < 1) return null;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === "t") {
      if (timestamp !== undefined || !/^\d{1,12}$/.test(value)) return null;
      timestamp = Number(value);
    } else if (key === "v1") {
      if (!HEX_SHA256.test(value)) return null;
      signatures.push(value);
    }
  }
  if (timestamp === undefined || signatures.length === 0) return null;
  return { timestamp, signatures };
}

/**
 * Checks a payments webhook and says why it failed. The signature is the hex HMAC-SHA256 of
 * `"{t}.{raw body}"` under the endpoint secret; any one matching `v1` is enough (the provider sends
 * several while a secret is being rolled), compared in constant time. A timestamp further than
 * `tolerance` seconds from now is refused, which bounds replays of a captured request (a tolerance
 * that is not a finite number ≥ 0 refuses everything; a replay within it is what `createReplayGuard`
 * from `cms-toolkit/commerce` stops).
 *
 * @example
 * const check = await checkPaymentsSignature(rawBody, request.headers.get("Stripe-Signature"), env.PAYMENTS_WEBHOOK_SECRET);
 * if (!check.valid) return new Response(check.message, { status: 400 });
 */
export async function checkPaymentsSignature(
  body: string,
  header: string | null | undefined,
  secret: string,
  options: VerifyPaymentsSignatureOptions = {},
): Promise<PaymentsSignatureCheck> {
  const tolerance = options.tolerance ?? 300;
  // NaN compares false with everything and Infinity bounds nothing: either would accept any timestamp.
  if (typeof tolerance !== "number" || !Number.isFinite(tolerance) || tolerance < 0) {
    return { valid: false, reason: "invalid_tolerance", message: `payments webhook: tolerance must be a finite number of seconds ≥ 0, got ${String(tolerance)}` };
  }
  const parsed = parsePaymentsSignatureHeader(header);
  if (!parsed) {
    return { valid: false, reason: "malformed_header", message: "payments webhook: the signature header is missing or malformed" };
  }
  const nowSeconds = Math.floor((options.now ?? Date.now)() / 1000);
  if (Math.abs(nowSeconds - parsed.timestamp) > tolerance) {
    return { valid: false, reason: "timestamp_outside_tolerance", message: `payments webhook: the signed timestamp is more than ${tolerance} s from now` };
  }
  if (typeof secret !== "string" || secret === "" || typeof body !== "string") {
    return { valid: false, reason: "no_matching_signature", message: "payments webhook: no signature matches" };
  }
  const expected = await hmacSha256Hex(secret, `${parsed.timestamp}.${body}`);
  // Compare against every candidate so timing does not reveal which one matched.
  let matched = false;
  for (const candidate of parsed.signatures) matched = safeEqual(expected, candidate) || matched;
  if (!matched) return { valid: false, reason: "no_matching_signature", message: "payments webhook: no signature matches" };
  return { valid: true, timestamp: parsed.timestamp };
}

/**
 * Verifies a payments webhook before its payload is trusted: `true` only for a well-formed
 * `Stripe-Signature` header, a timestamp within `tolerance` (300 s) and a matching `v1`.
 * Never throws; use `checkPaymentsSignature` to learn why a webhook was refused.
 *
 * @example
 * const raw = await request.text();
 * if (!(await verifyPaymentsSignature(raw, request.headers.get("Stripe-Signature"), env.PAYMENTS_WEBHOOK_SECRET))) {
 *   return new Response("bad signature", { status: 400 });
 * }
 */
export async function verifyPaymentsSignature(
  body: string,
  header: string | null | undefined,
  secret: string,
  options: VerifyPaymentsSignatureOptions = {},
): Promise<boolean> {
  return (await checkPaymentsSignature(body, header, secret, options)).valid;
}
