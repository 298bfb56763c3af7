import { env, exports } from "cloudflare:workers";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { seedDemo, seedDemoEditors, signIn, SITE } from "../site/demo-helpers";

/*
 * Property-based fuzzing of every route of the reference site, through the Worker as a browser
 * would reach it: random bodies (JSON of any shape and depth, text, bytes), content types, query
 * strings, path segments and conditional headers, as a publisher (every privilege), an editor and
 * nobody. Properties: never a 5xx, every error is JSON `{ error }`, and a refused request (4xx)
 * leaves every D1 table's row count as it was (no partial write). Bounded: RUNS per route.
 */

/** Runs per route and identity, on average: 29 routes × 3 identities × RUNS requests in all. */
const RUNS = 5;
const TABLES = ["pages", "pages_versions", "editors", "media", "site_settings", "site_settings_blob", "submissions", "inquiries", "editor_sessions", "form_tokens", "share_links"];
/** A request that takes longer than this counts as a hang. */
const HANG_MS = 10_000;

type Who = "publisher" | "editor" | "nobody";
const cookies: Record<Who, string> = { publisher: "", editor: "", nobody: "" };

beforeAll(async () => {
  await seedDemo();
  await seedDemoEditors();
  cookies.publisher = await signIn("pub@demo.test");
  cookies.editor = await signIn("ed@demo.test");
});

async function rowCounts(): Promise<number[]> {
  const results = await env.DB.batch(TABLES.map((t) => env.DB.prepare(`SELECT count(*) AS n FROM ${t}`)));
  return results.map((r) => (r.results[0] as { n: number }).n);
}

/* Header values a Headers object accepts: printable ASCII. */
const headerText = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 40 });
const segment = fc.oneof(fc.constantFrom("1", "2", "0", "-1", "999999999", "1.5", "abc", "%2e%2e", "pages", "contact"), fc.string({ maxLength: 12 }).map(encodeURIComponent));
const nested = fc.integer({ min: 1, max: 3000 }).map((depth) => "[".repeat(depth) + "]".repeat(depth));

const body = fc.oneof(
  fc.json({ depthSize: "medium" }),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.dictionary(fc.constantFrom("title", "slug", "body", "sections", "field", "value", "key", "alt", "caption", "siteName", "custom", "versionId", "at", "email", "password", "name", "message", "website", "cms_form_ts", "id", "collection", "expiresInSeconds"), fc.jsonValue()).map((v) => JSON.stringify(v)),
  nested,
  fc.string({ maxLength: 200 }),
  fc.uint8Array({ maxLength: 300 }),
  fc.constant(""),
);
const contentType = fc.oneof(fc.constantFrom("application/json", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "text/plain", "image/png", "application/merge-patch+json"), headerText);
const query = fc.dictionary(fc.constantFrom("q", "limit", "cursor", "key", "force", "id", "next", "error", "form"), headerText, { maxKeys: 3 });
const extraHeaders = fc.record(
  { "if-none-match": headerText, "if-match": headerText, "if-modified-since": headerText, "cf-connecting-ip": fc.constantFrom("203.0.113.7", "2001:db8:1:2::3", "not-an-ip", ""), accept: fc.constantFrom("text/html", "application/json", "*/*") },
  { requiredKeys: [] },
);

/* Every route: method and a path maker over random segments. */
const ROUTES: [method: string, path: (s: string) => string][] = [
  ["GET", () => "/api/cms/pages"], ["POST", () => "/api/cms/pages"],
  ["GET", (s) => `/api/cms/pages/${s}`], ["PATCH", (s) => `/api/cms/pages/${s}`], ["DELETE", (s) => `/api/cms/pages/${s}`],
  ["GET", (s) => `/api/cms/pages/${s}/versions`], ["POST", (s) => `/api/cms/pages/${s}/versions`],
  ["POST", (s) => `/api/cms/pages/${s}/publish`], ["DELETE", (s) => `/api/cms/pages/${s}/publish`], ["POST", (s) => `/api/cms/pages/${s}/unpublish`],
  ["GET", () => "/api/cms/pages/search"], ["POST", () => "/api/cms/pages/reindex"],
  ["GET", () => "/api/cms/media"], ["POST", () => "/api/cms/media"], ["PATCH", () => "/api/cms/media"], ["DELETE", () => "/api/cms/media"],
  ["POST", () => "/api/cms/upload"],
  ["GET", () => "/api/cms/settings"], ["PATCH", () => "/api/cms/settings"],
  ["POST", () => "/api/cms/save"], ["POST", () => "/api/cms/seed"],
  ["POST", (s) => `/api/cms/forms/${s}`],
  ["GET", () => "/api/cms/inquiries"], ["DELETE", () => "/api/cms/inquiries"],
  ["GET", (s) => `/api/cms/submissions/${s}`],
  ["GET", () => "/api/cms/share-links"], ["POST", () => "/api/cms/share-links"], ["DELETE", () => "/api/cms/share-links"],
  ["GET", (s) => `/media/${s}`],
];

async function send(method: string, url: string, headers: Headers, payload: string | Uint8Array): Promise<Response> {
  const init: RequestInit = { method, headers };
  if (method !== "GET" && method !== "HEAD") init.body = payload;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${method} ${url} did not answer within ${HANG_MS} ms`)), HANG_MS);
  });
  try {
    return await Promise.race([exports.default.fetch(url, init), hang]);
  } finally {
    clearTimeout(timer);
  }
}

describe("fuzzing every route: no 5xx, errors are JSON, refused requests write nothing", () => {
  it.each(["publisher", "editor", "nobody"] as const)("as %s", { timeout: 120_000 }, async (who) => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ROUTES), segment, body, contentType, query, extraHeaders, async ([method, path], seg, payload, type, params, extra) => {
        const url = new URL(SITE + path(seg));
        for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
        const headers = new Headers({ ...extra, "content-type": type, origin: SITE });
        if (cookies[who]) headers.set("cookie", cookies[who]);
        const before = await rowCounts();
        const res = await send(method, url.toString(), headers, payload);
        const text = await res.text();
        expect(res.status, `${method} ${url.pathname} → ${res.status} ${text.slice(0, 200)}`).toBeLessThan(500);
        if (res.status >= 400) {
          if (res.headers.get("content-type")?.includes("application/json")) expect(JSON.parse(text)).toMatchObject({ error: expect.any(String) });
          expect(await rowCounts(), `${method} ${url.pathname} → ${res.status} changed rows`).toEqual(before);
        }
      }),
      { numRuns: RUNS * ROUTES.length },
    );
  });
});
