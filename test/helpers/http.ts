import type { EditorSession } from "../../src/shared/session";

export const SITE = "https://site.test";

/** A `request.cf` as Cloudflare's edge sets it: with it (and a host name), `CF-Connecting-IP` is trusted. */
export const EDGE_CF = { colo: "AMS", country: "NL" };

export interface RequestOptions {
  body?: unknown;
  rawBody?: BodyInit;
  /** `Origin` header; `SITE` by default on mutations, `null` to omit it. */
  origin?: string | null;
  headers?: Record<string, string>;
}

/** Builds a request to the test site; mutations carry a same-origin `Origin` unless told otherwise. */
export function request(method: string, path: string, options: RequestOptions = {}): Request {
  const headers = new Headers(options.headers);
  const mutating = !["GET", "HEAD"].includes(method);
  const origin = options.origin === undefined ? (mutating ? SITE : null) : options.origin;
  if (origin !== null) headers.set("origin", origin);
  let body: BodyInit | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  return new Request(SITE + path, { method, headers, body, cf: EDGE_CF });
}

export const EDITOR: EditorSession = { id: "1", email: "ed@example.test", name: "Ed", roles: ["editor"], access: { publish: false } };
export const PUBLISHER: EditorSession = {
  id: "2",
  email: "pat@example.test",
  name: "Pat",
  roles: ["editor", "publisher"],
  access: { publish: true },
};

export const ADMIN: EditorSession = {
  id: "3",
  email: "ada@example.test",
  name: "Ada",
  roles: ["editor", "publisher", "admin"],
  access: { publish: true, admin: true },
};

/**
 * The site-supplied resolver for route tests: the `x-test-editor` header names who is signed in.
 * Real cookie sessions are exercised through the reference worker in test/site.
 */
export function headerResolver(request: Request): EditorSession | null {
  const who = request.headers.get("x-test-editor");
  if (who === "editor") return EDITOR;
  if (who === "publisher") return PUBLISHER;
  if (who === "admin") return ADMIN;
  return null;
}

export function asEditor(headers: Record<string, string> = {}): Record<string, string> {
  return { "x-test-editor": "editor", ...headers };
}

export function asPublisher(headers: Record<string, string> = {}): Record<string, string> {
  return { "x-test-editor": "publisher", ...headers };
}

export function asAdmin(headers: Record<string, string> = {}): Record<string, string> {
  return { "x-test-editor": "admin", ...headers };
}
