import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { cmsRoutes } from "../../src/cms/cms-routes";
import { withErrorEdge } from "../../src/routes/run-editor-route";
import { siteCms } from "../../src/site/cms";
import type { SiteEnv } from "../../src/site/env";
import { setDefaultLogSink, type LogLine } from "../../src/shared/request-log";
import { pagesDeclaration } from "../../src/site/collections";
import { submissions } from "../../src/tables/forms";
import { guardedForm } from "../fixtures/forms/forms";
import { png } from "../fixtures/images";
import { asEditor, EDITOR, headerResolver, request, type RequestOptions } from "../helpers/http";
import { SITE_LANGUAGES } from "../../src/site/site-languages";

/*
 * A deployment that lacks a binding or secret answers 503 `misconfigured` naming the fix, never a
 * 500. Each case removes one real binding from a copy of the test env.
 */
const without = (...names: string[]) => Object.fromEntries(Object.entries(env).filter(([name]) => !names.includes(name))) as unknown as SiteEnv;

async function call(route: (r: Request, e: SiteEnv, c: ExecutionContext) => Promise<Response | undefined> | Response | undefined, req: Request, bindings: SiteEnv) {
  const ctx = createExecutionContext();
  const response = await route(req, bindings, ctx);
  await waitOnExecutionContext(ctx);
  return response as Response;
}

let logged: MockInstance<typeof console.error>;
beforeEach(() => {
  // The once-per-isolate log is asserted where it matters; elsewhere it is kept off the test output.
  logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
});
afterEach(() => logged.mockRestore());

async function expectMisconfigured(response: Response, missing: string, fix: string) {
  expect(response.status).toBe(503);
  const body = await response.json<{ error: string; code: string; fix: string }>();
  expect(body).toEqual({ error: expect.stringContaining(missing), code: "misconfigured", fix: expect.stringContaining(fix) });
}

const contactPost = (options: RequestOptions = {}) =>
  request("POST", "/api/cms/forms/contact", { body: { name: "Ann", email: "ann@example.test", message: "Hello" }, ...options });

describe("missing bindings and secrets answer 503 with the fix", () => {
  it("a form post without the RATE_LIMIT binding names the Durable Object binding to add, and stores nothing", async () => {
    const before = (await env.DB.prepare("SELECT count(*) AS n FROM inquiries").first<{ n: number }>())!.n;
    const response = await call(siteCms.route, contactPost(), without("RATE_LIMIT"));
    await expectMisconfigured(response, "RATE_LIMIT", '[[durable_objects.bindings]] name = "RATE_LIMIT" class_name = "RateLimitObject"');
    expect((await env.DB.prepare("SELECT count(*) AS n FROM inquiries").first<{ n: number }>())!.n).toBe(before);
  });

  it("an upload (and the public media path) without the MEDIA bucket names the R2 binding to add", async () => {
    const { route } = cmsRoutes<SiteEnv, { pages: typeof pagesDeclaration }>({ collections: { pages: pagesDeclaration }, ...SITE_LANGUAGES, auth: { resolveEditor: headerResolver }, media: {} });
    const upload = () => request("POST", "/api/cms/upload", { rawBody: png(2, 2), headers: asEditor({ "content-type": "image/png" }) });
    await expectMisconfigured(await call(route, upload(), without("MEDIA")), "MEDIA", '[[r2_buckets]] binding = "MEDIA"');
    await expectMisconfigured(await call(route, upload(), without("MEDIA_URL")), "MEDIA_URL", "[vars] MEDIA_URL");
    await expectMisconfigured(await call(route, request("GET", "/media/any-key.png"), without("MEDIA")), "MEDIA", '[[r2_buckets]] binding = "MEDIA"');
  });

  it("a site that declares drafts without the PAGE_ROOM binding is told at its first request, and nothing is written", async () => {
    const bindings = without("PAGE_ROOM");
    const row = await env.DB.prepare("INSERT INTO pages (slug, title) VALUES (?1, 'Kept') RETURNING id").bind(`no-room-${Date.now().toString(36)}`).first<{ id: number }>();
    const id = row!.id;
    const fix = '[[durable_objects.bindings]] name = "PAGE_ROOM" class_name = "PageRoom"';
    const requests = [
      request("PATCH", `/api/cms/pages/${id}`, { body: { title: "Changed" }, headers: asEditor() }),
      request("POST", `/api/cms/pages/${id}/versions`, { body: { title: "Changed" }, headers: asEditor() }),
      request("GET", `/api/cms/pages/${id}/versions`, { headers: asEditor() }),
      request("POST", "/api/cms/save", { body: { field: `pages:${id}:title`, value: "Changed" }, headers: asEditor() }),
    ];
    for (const req of requests) await expectMisconfigured(await call(siteCms.route, req, bindings), "PAGE_ROOM", fix);
    const versions = await env.DB.prepare("SELECT count(*) AS n FROM pages_versions WHERE parent_id = ?1").bind(id).first<{ n: number }>();
    expect(versions!.n).toBe(0);
  });

  it("a CmsService draft write without the PAGE_ROOM binding answers the same 503", async () => {
    const service = new siteCms.CmsService(createExecutionContext(), without("PAGE_ROOM"));
    const result = await service.saveDraft(EDITOR, "pages", 1, { title: "Changed" });
    expect(result).toMatchObject({ ok: false, status: 503, code: "misconfigured", details: { fix: expect.stringContaining('name = "PAGE_ROOM"') } });
  });

  it("sign-in without CMS_SESSION_SECRET names the secret and the command that sets it", async () => {
    const signIn = request("POST", "/api/cms/session", { body: { email: "a@example.test", password: "long enough password" } });
    const bindings = { ...without("CMS_SESSION_SECRET") } as SiteEnv;
    await expectMisconfigured(await call(siteCms.route, signIn, bindings), "CMS_SESSION_SECRET", "npx wrangler secret put CMS_SESSION_SECRET");
  });

  it("sign-in without the RATE_LIMIT binding says so in the same shape", async () => {
    const signIn = request("POST", "/api/cms/session", { body: { email: "a@example.test", password: "long enough password" } });
    await expectMisconfigured(await call(siteCms.route, signIn, without("RATE_LIMIT")), "RATE_LIMIT", "[[durable_objects.bindings]]");
  });

  it("logs a misconfiguration once per isolate, not once per request", async () => {
    const bindings = without("RATE_LIMIT", "KV");
    const { route } = cmsRoutes<SiteEnv, Record<string, never>>({ collections: {}, forms: { forms: [guardedForm], genericTable: submissions } });
    for (let i = 0; i < 3; i++) {
      const response = await call(route, request("POST", "/api/cms/forms/guarded", { body: { message: "hi" } }), bindings);
      expect(response.status).toBe(503);
    }
    const lines = logged.mock.calls.filter(([line]) => String(line).includes("form guarded"));
    expect(lines).toHaveLength(1);
    expect(String(lines[0]![0])).toContain("Fix: add to wrangler.toml");
  });

  it("a failure that is not a missing piece stays a 500 once the declared tables are there", async () => {
    const broken = withErrorEdge<SiteEnv>(() => {
      throw new Error("a bug, not a deployment mistake");
    });
    const lines: LogLine[] = [];
    setDefaultLogSink((line) => lines.push(line));
    const response = await call(broken, request("GET", "/anything"), env as unknown as SiteEnv);
    setDefaultLogSink(null);
    expect(response.status).toBe(500);
    expect(lines).toEqual([expect.objectContaining({ level: "error", action: "GET /anything", cause: expect.stringContaining("a bug, not a deployment mistake") })]);
  });
});
