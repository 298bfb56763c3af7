import { MisconfiguredError } from "../shared/misconfigured";
import { fromBase64Url, toBase64Url } from "./base64";

/*
 * The signed session cookie: `base64url(payload JSON).base64url(HMAC-SHA256(payload))`. The HMAC
 * proves the cookie is ours without storage; the session row it names (session-store.ts) proves it
 * has not been revoked.
 */

/** Name of the session cookie. */
export const SESSION_COOKIE_NAME = "cms_session";

/** How long a sign-in lasts: one working day. */
export const SESSION_LIFETIME_SECONDS = 8 * 60 * 60;

/** Shortest `CMS_SESSION_SECRET` accepted: 32 characters, so a forgotten or placeholder secret is caught. */
export const MIN_SESSION_SECRET_LENGTH = 32;

/** The roles an editor row may have; `publisher` adds the publish privilege, `admin` managing people, settings and the menu. */
export type EditorRole = "editor" | "publisher" | "admin";

/** The roles, most privileged last. */
export const EDITOR_ROLES: readonly EditorRole[] = ["editor", "publisher", "admin"];

/**
 * Whether a stored or sent value is a role this code knows (an unknown one is treated as absent,
 * never guessed at).
 *
 * @example
 * isEditorRole("admin") // true
 */
export function isEditorRole(value: unknown): value is EditorRole {
  return value === "editor" || value === "publisher" || value === "admin";
}

/**
 * What the cookie carries. `iat` and `exp` are Unix seconds; `sub` is the editor's id; `sid` names
 * the server-side session row (editor_sessions) that must still exist for the cookie to count.
 */
export interface SessionPayload {
  sub: string;
  sid: string;
  email: string;
  name: string;
  role: EditorRole;
  iat: number;
  exp: number;
}

/**
 * Throws 503 `misconfigured` unless the secret is long enough to sign with, so a deployment without
 * `CMS_SESSION_SECRET` refuses sign-in clearly instead of signing cookies with an empty key.
 *
 * @example
 * assertSessionSecret(env.CMS_SESSION_SECRET);
 */
export function assertSessionSecret(secret: string | undefined): asserts secret is string {
  if (!isUsableSecret(secret)) {
    throw new MisconfiguredError(
      `sign-in needs the secret CMS_SESSION_SECRET (at least ${MIN_SESSION_SECRET_LENGTH} random characters, not the example's placeholder)`,
      "add CMS_SESSION_SECRET=<the output of: openssl rand -base64 32> to .dev.vars for local dev; npx wrangler secret put CMS_SESSION_SECRET for a deployment",
    );
  }
}

/**
 * Signs a payload into a cookie value.
 *
 * @example
 * const value = await signSession({ sub: "1", email, name, role: "editor", iat, exp: iat + SESSION_LIFETIME_SECONDS }, env.CMS_SESSION_SECRET);
 */
export async function signSession(payload: SessionPayload, secret: string): Promise<string> {
  assertSessionSecret(secret);
  const body = toBase64Url(new TextEncoder().encode(JSON.stringify(payload)));
  const signature = await crypto.subtle.sign("HMAC", await sessionKey(secret), new TextEncoder().encode(body));
  return `${body}.${toBase64Url(new Uint8Array(signature))}`;
}

/**
 * Verifies a cookie value and returns its payload, or `null` when it is malformed, wrongly signed,
 * expired, or the secret is unusable. `nowMs` is the current time in milliseconds.
 *
 * @example
 * const payload = await verifySession(value, env.CMS_SESSION_SECRET, Date.now());
 */
export async function verifySession(value: string, secret: string | undefined, nowMs: number): Promise<SessionPayload | null> {
  if (!isUsableSecret(secret)) return null;
  const dot = value.indexOf(".");
  if (dot <= 0 || dot !== value.lastIndexOf(".")) return null;
  const body = value.slice(0, dot);
  const payloadBytes = fromBase64Url(body);
  const signature = fromBase64Url(value.slice(dot + 1));
  // Only the canonical encoding is accepted, so a session has exactly one valid cookie string
  // (base64url's spare low bits would otherwise let several strings carry the same signature).
  if (!payloadBytes || !signature || toBase64Url(signature) !== value.slice(dot + 1)) return null;
  // subtle.verify compares in constant time; the payload is parsed only once it is proven ours.
  const valid = await crypto.subtle.verify("HMAC", await sessionKey(secret), signature, new TextEncoder().encode(body));
  if (!valid) return null;
  const payload = parsePayload(payloadBytes);
  if (!payload || payload.exp * 1000 <= nowMs) return null;
  return payload;
}

/**
 * The value of the session cookie in a request's `Cookie` header, or `null`.
 *
 * @example
 * readSessionCookie(new Request(url, { headers: { cookie: "cms_session=abc.def" } })) // "abc.def"
 */
export function readSessionCookie(request: Request): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq !== -1 && part.slice(0, eq).trim() === SESSION_COOKIE_NAME) return part.slice(eq + 1).trim();
  }
  return null;
}

/**
 * The `Set-Cookie` value that stores a session; `Secure` is added when the request came over https
 * (plain http is only the local dev server, where a Secure cookie would never be sent back).
 *
 * @example
 * headers.append("set-cookie", sessionCookieHeader(request, value));
 */
export function sessionCookieHeader(request: Request, value: string, maxAgeSeconds = SESSION_LIFETIME_SECONDS): string {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `${SESSION_COOKIE_NAME}=${value}; HttpOnly; SameSite=Lax; Path=/; Max-Age=${maxAgeSeconds}${secure}`;
}

/**
 * The `Set-Cookie` value that removes the session cookie (sign-out).
 *
 * @example
 * headers.append("set-cookie", clearSessionCookieHeader(request));
 */
export function clearSessionCookieHeader(request: Request): string {
  return sessionCookieHeader(request, "", 0);
}

/* The placeholder shipped in .dev.vars.example: public, so it must never sign a cookie. */
const EXAMPLE_SECRET = "replace-me-with-32-or-more-random-characters";

function isUsableSecret(secret: string | undefined): secret is string {
  return typeof secret === "string" && secret.length >= MIN_SESSION_SECRET_LENGTH && secret !== EXAMPLE_SECRET;
}

// Importing the key is the costly part of an HMAC; keep it for the isolate's life. Only the latest
// secret is kept: a rotated secret replaces it instead of growing a map.
let cachedKey: { secret: string; key: Promise<CryptoKey> } | undefined;

function sessionKey(secret: string): Promise<CryptoKey> {
  if (cachedKey?.secret !== secret) {
    const key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    cachedKey = { secret, key };
  }
  return cachedKey.key;
}

function parsePayload(bytes: Uint8Array): SessionPayload | null {
  let data: unknown;
  try {
    data = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return null;
  }
  if (data === null || typeof data !== "object") return null;
  const { sub, sid, email, name, role, iat, exp } = data as Record<string, unknown>;
  if (typeof sub !== "string" || typeof sid !== "string" || typeof email !== "string" || typeof name !== "string") return null;
  if (!isEditorRole(role)) return null;
  if (typeof iat !== "number" || typeof exp !== "number" || !Number.isFinite(exp)) return null;
  return { sub, sid, email, name, role, iat, exp };
}
