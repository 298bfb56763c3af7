import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { hashPassword } from "../../src/auth";
import type { EditorRole } from "../../src/auth";
import type { EditorRoute } from "../../src/shared/route-types";
import type { SiteEnv } from "../../src/site/env";
import { EDGE_CF } from "../helpers/http";

export const ORIGIN = "http://site.test";
export const SESSION_URL = `${ORIGIN}/api/cms/session`;
export const PASSWORD = "correct horse battery staple";

let counter = 0;

/** A fresh address per test: D1 and KV are shared by all tests of a file. */
export function uniqueEmail(prefix = "editor"): string {
  counter += 1;
  return `${prefix}-${counter}-${crypto.randomUUID().slice(0, 8)}@example.test`;
}

/** A fresh client address per test (its own IPv6 /64, the unit limits count), so counts do not leak between tests. */
export function uniqueIp(): string {
  counter += 1;
  return `2001:db8:${counter.toString(16)}::1`;
}

/** Inserts an editor straight into D1, hashed with the production code. */
export async function insertEditor(options: { email?: string; name?: string; role?: EditorRole; password?: string } = {}) {
  const email = options.email ?? uniqueEmail();
  const name = options.name ?? "Ada Editor";
  const role = options.role ?? "editor";
  const hash = await hashPassword(options.password ?? PASSWORD);
  const row = await env.DB.prepare("INSERT INTO editors (email, name, role, password_hash) VALUES (?1, ?2, ?3, ?4) RETURNING id")
    .bind(email, name, role, hash)
    .first<{ id: number }>();
  return { id: row!.id, email, name, role };
}

/** Calls a route the way the Worker does. */
export async function call(route: EditorRoute<SiteEnv>, request: Request, routeEnv: SiteEnv = env): Promise<Response> {
  const response = await route(request, routeEnv, createExecutionContext());
  if (!response) throw new Error(`route did not answer ${request.method} ${request.url}`);
  return response;
}

/** A same-origin JSON sign-in request. */
export function signInRequest(body: unknown, init: { ip?: string; url?: string; headers?: Record<string, string> } = {}): Request {
  const url = init.url ?? SESSION_URL;
  return new Request(url, {
    method: "POST",
    headers: {
      origin: new URL(url).origin,
      "content-type": "application/json",
      "cf-connecting-ip": init.ip ?? uniqueIp(),
      ...init.headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
    cf: EDGE_CF,
  });
}

/** A same-origin form sign-in request, as a no-JavaScript login form sends it. */
export function formSignInRequest(fields: Record<string, string>, ip = uniqueIp()): Request {
  return new Request(SESSION_URL, {
    method: "POST",
    headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": ip },
    body: new URLSearchParams(fields).toString(),
    cf: EDGE_CF,
  });
}

/** The `name=value` part of a Set-Cookie header. */
export function cookiePair(response: Response): string {
  const header = response.headers.get("set-cookie");
  if (!header) throw new Error("response set no cookie");
  return header.split(";")[0]!;
}

/** A request carrying a cookie, e.g. for `GET /api/cms/session`. */
export function withCookie(cookie: string, init: RequestInit = {}, url = SESSION_URL): Request {
  return new Request(url, { ...init, headers: { cookie, ...(init.headers as Record<string, string> | undefined) } });
}
