import { readBodyBytes, readJsonObject } from "../routes/body";
import { LouiseValidationError, type Violation } from "../shared/errors";

/** Sign-in bodies are two short strings; anything near this size is not a sign-in. */
const MAX_SIGN_IN_BODY_BYTES = 16 * 1024;
const MAX_EMAIL_LENGTH = 254;
const MAX_PASSWORD_LENGTH = 1024;
const MAX_CODE_LENGTH = 64;

/** What a sign-in request carries, whichever way it was sent. */
export interface SignInInput {
  email: string;
  password: string;
  /** The second factor of an account that has one on: its authenticator's code or a recovery code. */
  code?: string;
}

/**
 * True when the body is a classic HTML form post (`application/x-www-form-urlencoded`), which gets
 * redirects instead of JSON answers.
 *
 * @example
 * isFormPost(new Request(url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" } })) // true
 */
export function isFormPost(request: Request): boolean {
  const type = request.headers.get("content-type") ?? "";
  return /^application\/x-www-form-urlencoded\b/i.test(type.trim());
}

/**
 * Reads `{ email, password, code? }` from a JSON or form body, plus the form's `next` field. Malformed JSON
 * is a 400 (from `readJsonObject`); a missing, non-string, empty or over-long field is a 422 with
 * `violations`, the project's answer to a wrong type for a known field.
 *
 * @example
 * const { input, next } = await readSignInInput(request);
 */
export async function readSignInInput(request: Request): Promise<{ input: SignInInput; next: string | null }> {
  if (isFormPost(request)) {
    const params = new URLSearchParams(new TextDecoder().decode(await readBodyBytes(request, MAX_SIGN_IN_BODY_BYTES)));
    const fields = Object.fromEntries(["email", "password", "code"].map((name) => [name, params.get(name)]));
    return { input: validate(fields), next: params.get("next") };
  }
  const body = await readJsonObject(request, { maxBytes: MAX_SIGN_IN_BODY_BYTES });
  return { input: validate(body), next: null };
}

/**
 * The path to send a signed-in form user to: `next` when it is a path on this site, else `/`.
 * Anything else could bounce the user to another site after sign-in. Refused: anything not
 * starting with one `/`; backslashes, whitespace and control characters (URL parsers drop tabs and
 * newlines and read `\` as `/`, so `/\tevil` or `/\evil` become `//evil`); and any path that
 * still begins `//` once dot segments are resolved (`/.//evil.test`, `/%2e//evil.test`), because
 * a `Location: //evil.test` is protocol-relative and leaves the site.
 *
 * @example
 * safeNextPath("/about?x=1", request) // "/about?x=1"
 * safeNextPath("/.//evil.test/x", request) // "/"
 */
export function safeNextPath(next: string | null, request: Request): string {
  if (!next || !next.startsWith("/") || next.startsWith("//") || UNSAFE_IN_NEXT.test(next)) return "/";
  const base = new URL(request.url);
  let target: URL;
  try {
    target = new URL(next, base);
  } catch {
    return "/";
  }
  if (target.origin !== base.origin || target.pathname.startsWith("//")) return "/";
  return `${target.pathname}${target.search}${target.hash}`;
}

/* Backslash, whitespace (any Unicode space) and C0/C1 control characters. */
const UNSAFE_IN_NEXT = /[\\\s\u0000-\u001f\u007f-\u009f]/;

function validate(body: Record<string, unknown>): SignInInput {
  const violations: Violation[] = [];
  const email = typeof body.email === "string" ? body.email.trim() : body.email;
  const password = body.password;
  checkString("email", email, MAX_EMAIL_LENGTH, violations);
  checkString("password", password, MAX_PASSWORD_LENGTH, violations);
  // The code is optional: absent, null (a form without the field) and blank all mean none.
  const code = typeof body.code === "string" ? body.code.trim() : body.code;
  if (code !== undefined && code !== null && code !== "") checkString("code", code, MAX_CODE_LENGTH, violations);
  if (violations.length || typeof email !== "string" || typeof password !== "string") throw new LouiseValidationError(violations);
  return typeof code === "string" && code !== "" ? { email, password, code } : { email, password };
}

function checkString(path: string, value: unknown, maxLength: number, violations: Violation[]): void {
  if (value === undefined || value === null || value === "") {
    violations.push({ path, message: `${path} is required`, code: "required" });
  } else if (typeof value !== "string") {
    violations.push({ path, message: `${path} must be a string`, code: "type" });
  } else if (value.length > maxLength) {
    violations.push({ path, message: `${path} must be at most ${maxLength} characters`, code: "too_long" });
  }
}
