import { constantTimeEqual } from "./password";

/*
 * Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP) on Web Crypto's HMAC. Accounts use
 * the parameters every authenticator app defaults to: SHA-1, 6 digits, 30-second steps. Digits and
 * algorithm are parameters so the RFC's appendix B vectors (8 digits over SHA-1/256/512) test the
 * same code.
 */

/** The HMAC hash of a TOTP. */
export type TotpAlgorithm = "SHA-1" | "SHA-256" | "SHA-512";

/** How codes are made: digits, hash and step length. */
export interface TotpParameters {
  digits: number;
  algorithm: TotpAlgorithm;
  /** Seconds per step. */
  period: number;
}

/** What accounts use: 6 digits, SHA-1, 30 seconds (what authenticator apps assume from an otpauth URI without parameters). */
export const ACCOUNT_TOTP: Readonly<TotpParameters> = Object.freeze({ digits: 6, algorithm: "SHA-1", period: 30 });

/** Steps accepted either side of the current one, for a phone's clock that drifts a little. */
export const TOTP_WINDOW_STEPS = 1;

/** Bytes of a new account secret: 160 bits, RFC 4226's recommended length for SHA-1. */
export const TOTP_SECRET_BYTES = 20;

const BASE32_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/**
 * RFC 4648 base32 without padding, the form authenticator apps take a secret in.
 *
 * @example
 * base32Encode(new TextEncoder().encode("foobar")) // "MZXW6YTBOI"
 */
export function base32Encode(bytes: Uint8Array): string {
  let out = "";
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32_ALPHABET[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32_ALPHABET[(buffer << (5 - bits)) & 31];
  return out;
}

/**
 * Bytes of a base32 secret, or `null` when it is not base32. Case, spaces and padding are ignored,
 * since people copy secrets in groups and lower case.
 *
 * @example
 * base32Decode("mzxw 6ytb oi") // bytes of "foobar"
 */
export function base32Decode(text: string): Uint8Array | null {
  const clean = text.replace(/[\s=]/g, "").toUpperCase();
  if (!/^[A-Z2-7]*$/.test(clean)) return null;
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of clean) {
    buffer = ((buffer << 5) | BASE32_ALPHABET.indexOf(char)) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((buffer >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return new Uint8Array(out);
}

/**
 * The step a time falls in: whole `period`s since the Unix epoch.
 *
 * @example
 * totpStep(59_000) // 1
 */
export function totpStep(nowMs: number, period = ACCOUNT_TOTP.period): number {
  return Math.floor(nowMs / 1000 / period);
}

/**
 * The HOTP code of `secret` at counter `step` (RFC 4226 dynamic truncation), zero-padded to `digits`.
 *
 * @example
 * await totpCode(secret, totpStep(Date.now())) // "123456"
 */
export async function totpCode(secret: Uint8Array, step: number, parameters: Pick<TotpParameters, "digits" | "algorithm"> = ACCOUNT_TOTP): Promise<string> {
  const counter = new Uint8Array(8);
  // The counter is 64-bit big-endian; steps stay far below 2^53, so two 32-bit halves hold it.
  new DataView(counter.buffer).setUint32(0, Math.floor(step / 2 ** 32));
  new DataView(counter.buffer).setUint32(4, step >>> 0);
  const key = await crypto.subtle.importKey("raw", secret, { name: "HMAC", hash: parameters.algorithm }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, counter));
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 10 ** parameters.digits).padStart(parameters.digits, "0");
}

/**
 * The step a code was made for, within `TOTP_WINDOW_STEPS` of now and later than `lastStep` (a code
 * once accepted is never accepted again, nor any older one), or `null`. The caller stores the
 * answer as the new `lastStep`.
 *
 * @example
 * const step = await matchTotp(secret, "287082", { nowMs: Date.now(), lastStep: stored.lastStep });
 */
export async function matchTotp(secret: Uint8Array, code: string, at: { nowMs: number; lastStep: number }): Promise<number | null> {
  if (!/^[0-9]{6}$/.test(code)) return null;
  const current = totpStep(at.nowMs);
  const given = new TextEncoder().encode(code);
  let found: number | null = null;
  // Every candidate is computed and compared, so the timing does not tell which step matched.
  for (let step = current - TOTP_WINDOW_STEPS; step <= current + TOTP_WINDOW_STEPS; step++) {
    const expected = await totpCode(secret, step);
    if (constantTimeEqual(new TextEncoder().encode(expected), given) && step > at.lastStep && found === null) found = step;
  }
  return found;
}

/**
 * The `otpauth://totp/` URI an authenticator app takes (by QR code or pasted), labelled
 * `issuer:account`.
 *
 * @example
 * otpauthUri({ secret: "JBSWY3DPEHPK3PXP", account: "ada@example.test", issuer: "example.test" })
 * // "otpauth://totp/example.test:ada%40example.test?secret=JBSWY3DPEHPK3PXP&issuer=example.test&algorithm=SHA1&digits=6&period=30"
 */
export function otpauthUri(options: { secret: string; account: string; issuer: string }): string {
  const label = `${encodeURIComponent(options.issuer)}:${encodeURIComponent(options.account)}`;
  const query = new URLSearchParams({ secret: options.secret, issuer: options.issuer, algorithm: "SHA1", digits: "6", period: "30" });
  return `otpauth://totp/${label}?${query.toString()}`;
}
