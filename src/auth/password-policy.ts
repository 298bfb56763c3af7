import { HttpError } from "../shared/errors";
import { COMMON_PASSWORDS } from "./common-passwords";

/** Shortest password an invite or a reset link accepts. */
export const MIN_NEW_PASSWORD_LENGTH = 12;

/** Longest accepted: PBKDF2 of a huge input costs the Worker time for nothing. */
export const MAX_NEW_PASSWORD_LENGTH = 1024;

let common: ReadonlySet<string> | null = null;

/**
 * Whether `password` is among the 10,000 most common passwords (src/auth/common-passwords.ts),
 * case-insensitively. The set is built on first use, once per isolate.
 *
 * @example
 * isCommonPassword("Password") // true
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(COMMON_PASSWORDS.split("\n"));
  return common.has(password.toLowerCase());
}

/**
 * The one rule for a password a person chooses in the site (an invite, a reset link): at least 12
 * characters (code points), at most 1024, and not a common password. 422 `weak_password` saying which.
 *
 * @example
 * assertNewPassword("qwerty123456"); // throws: it is among the most common passwords
 */
export function assertNewPassword(password: string): void {
  const length = [...password].length;
  const weak = (message: string) => new HttpError(422, message, { code: "weak_password" });
  if (length < MIN_NEW_PASSWORD_LENGTH) throw weak(`the password must be at least ${MIN_NEW_PASSWORD_LENGTH} characters`);
  if (length > MAX_NEW_PASSWORD_LENGTH) throw weak(`the password must be at most ${MAX_NEW_PASSWORD_LENGTH} characters`);
  if (isCommonPassword(password)) throw weak("that password is among the most common ones; choose another");
}
