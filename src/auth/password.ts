import { fromBase64, toBase64 } from "./base64";

/*
 * PBKDF2-SHA256 password hashes over Web Crypto. This file runs in workerd and, bundled by
 * scripts/lib/load-ts.mjs, in Node 20 (the add-editor script hashes with this very code), so it uses
 * only `globalThis.crypto`, `TextEncoder` and `btoa`/`atob`.
 */

/** Tag at the start of every stored hash; a different scheme later gets a different tag. */
export const PASSWORD_HASH_SCHEME = "pbkdf2-sha256";

/** workerd refuses PBKDF2 above 100000 iterations, so that is both the default and the ceiling. */
export const PBKDF2_ITERATIONS = 100_000;

const SALT_BYTES = 16;
const HASH_BYTES = 32;
const MIN_SALT_BYTES = 8;

export interface HashPasswordOptions {
  /** PBKDF2 rounds, 1 to 100000; default 100000. Lower only in code that must be fast and is not storing real passwords. */
  iterations?: number;
  /** Salt bytes (at least 8); default 16 fresh random bytes. Pass one only to get a reproducible hash. */
  salt?: Uint8Array;
}

/**
 * Hashes a password into the self-describing form `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>`.
 *
 * @example
 * const stored = await hashPassword("correct horse battery staple");
 * // "pbkdf2-sha256$100000$3q2+7w…$Yb1x…"
 */
export async function hashPassword(password: string, options: HashPasswordOptions = {}): Promise<string> {
  const iterations = options.iterations ?? PBKDF2_ITERATIONS;
  if (!isValidIterations(iterations)) {
    throw new RangeError(`iterations must be an integer from 1 to ${PBKDF2_ITERATIONS}, got ${iterations}`);
  }
  const salt = options.salt ?? crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  if (salt.byteLength < MIN_SALT_BYTES) throw new RangeError(`salt must be at least ${MIN_SALT_BYTES} bytes`);
  const hash = await derive(password, salt, iterations, HASH_BYTES);
  return [PASSWORD_HASH_SCHEME, String(iterations), toBase64(salt), toBase64(hash)].join("$");
}

/**
 * Checks a password against a stored hash. A malformed or foreign stored value is simply `false`:
 * nobody can sign in with it, and the caller never learns more than "no".
 *
 * @example
 * await verifyPassword("correct horse battery staple", stored) // true
 * await verifyPassword("guess", stored) // false
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseStoredHash(stored);
  if (!parsed) return false;
  const actual = await derive(password, parsed.salt, parsed.iterations, parsed.hash.byteLength);
  return constantTimeEqual(actual, parsed.hash);
}

/**
 * Compares two byte strings in time that depends only on their length, so an attacker timing the
 * answer learns nothing about how many leading bytes matched.
 *
 * @example
 * constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2])) // true
 */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.byteLength !== b.byteLength) return false;
  let difference = 0;
  for (let i = 0; i < a.byteLength; i++) difference |= (a[i] as number) ^ (b[i] as number);
  return difference === 0;
}

interface StoredHash {
  iterations: number;
  salt: Uint8Array;
  hash: Uint8Array;
}

function parseStoredHash(stored: string): StoredHash | null {
  const parts = stored.split("$");
  if (parts.length !== 4 || parts[0] !== PASSWORD_HASH_SCHEME) return null;
  const [, rawIterations = "", rawSalt = "", rawHash = ""] = parts;
  if (!/^[1-9]\d{0,6}$/.test(rawIterations)) return null;
  const iterations = Number(rawIterations);
  // Above the ceiling workerd would throw; such a hash was not made by this code, so it is refused.
  if (!isValidIterations(iterations)) return null;
  const salt = fromBase64(rawSalt);
  const hash = fromBase64(rawHash);
  if (!salt || !hash || salt.byteLength < MIN_SALT_BYTES || hash.byteLength < 16 || hash.byteLength > 64) return null;
  return { iterations, salt, hash };
}

function isValidIterations(iterations: number): boolean {
  return Number.isInteger(iterations) && iterations >= 1 && iterations <= PBKDF2_ITERATIONS;
}

async function derive(password: string, salt: Uint8Array, iterations: number, bytes: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, bytes * 8);
  return new Uint8Array(bits);
}
