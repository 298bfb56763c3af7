import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { issueFormToken } from "../../src/cores/forms";
import { formRoute } from "../../src/routes/form-route";
import { contactForm } from "../../src/site/contact-form";
import { submissions } from "../../src/tables/forms";
import { formEnv, surveyForm, TIMING_SECRET, uploadForm } from "../fixtures/forms/forms";
import { request, SITE, type RequestOptions } from "../helpers/http";

const clock = Date.UTC(2026, 0, 1);
const route = formRoute({ forms: [surveyForm, uploadForm, contactForm], genericTable: submissions, now: () => clock });

async function call(method: string, path: string, options: RequestOptions = {}) {
  const ctx = createExecutionContext();
  const response = (await route(request(method, path, options), formEnv(), ctx)) as Response;
  await waitOnExecutionContext(ctx);
  return response;
}

const count = async (table: string, where = "1 = 1") =>
  (await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${where}`).first<{ n: number }>())!.n;

const urlencoded = (fields: Record<string, string>, headers: Record<string, string> = {}): RequestOptions => ({
  rawBody: new URLSearchParams(fields).toString(),
  headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
});

describe("formRoute: storing a submission", () => {
  it("coerces form-encoded strings to the declared types, drops unknown fields and stores { form, data }", async () => {
    const res = await call("POST", "/api/cms/forms/survey", urlencoded({ name: " Ann ", age: "42", subscribe: "on", plan: "pro", site: "https://ann.test", phone: "+44 20 7946 0958", code: "ABC-12", admin: "true" }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    const row = await env.DB.prepare("SELECT form, data FROM submissions WHERE form = 'survey' ORDER BY id DESC LIMIT 1").first<{ form: string; data: string }>();
    expect(JSON.parse(row!.data)).toEqual({ name: "Ann", age: 42, subscribe: true, plan: "pro", site: "https://ann.test", phone: "+44 20 7946 0958", code: "ABC-12" });
  });

  it("takes JSON with typed values, and an unchecked box is false", async () => {
    const res = await call("POST", "/api/cms/forms/survey", { body: { name: "Bo", age: 30 } });
    expect(res.status).toBe(200);
    const row = await env.DB.prepare("SELECT data FROM submissions WHERE form = 'survey' ORDER BY id DESC LIMIT 1").first<{ data: string }>();
    expect(JSON.parse(row!.data)).toEqual({ name: "Bo", age: 30, subscribe: false });
  });

  it("takes multipart, with a declared file field stored as name, type, size and base64", async () => {
    const body = new FormData();
    body.set("title", "Notes");
    body.set("attachment", new File(["hello"], "notes.txt", { type: "text/plain" }));
    const res = await call("POST", "/api/cms/forms/upload", { rawBody: body });
    expect(res.status).toBe(200);
    const row = await env.DB.prepare("SELECT data FROM submissions WHERE form = 'upload' ORDER BY id DESC LIMIT 1").first<{ data: string }>();
    expect(JSON.parse(row!.data)).toEqual({ title: "Notes", attachment: { name: "notes.txt", type: "text/plain", size: 5, base64: btoa("hello") } });
  });
});

describe("formRoute: bad input is refused and stores nothing", () => {
  const cases: [string, RequestOptions, number, string?][] = [
    ["an oversize field", { body: { name: "x".repeat(21) } }, 422, "too_long"],
    ["a missing required field", { body: { email: "a@b.test" } }, 422, "required"],
    ["a bad email", { body: { name: "A", email: "not-an-email" } }, 422, "email"],
    ["a number out of range", urlencoded({ name: "A", age: "12" }), 422, "too_small"],
    ["a fractional integer", urlencoded({ name: "A", age: "20.5" }), 422, "type"],
    ["text where a number goes", urlencoded({ name: "A", age: "old" }), 422, "type"],
    ["a choice not offered", { body: { name: "A", plan: "gold" } }, 422, "choice"],
    ["a non-http URL", { body: { name: "A", site: "javascript:alert(1)" } }, 422, "url"],
    ["a phone with letters", { body: { name: "A", phone: "call me" } }, 422, "phone"],
    ["a pattern mismatch (anchored)", { body: { name: "A", code: "xABC-12x" } }, 422, "pattern"],
    ["a repeated single-valued key", { rawBody: "name=A&name=B", headers: { "content-type": "application/x-www-form-urlencoded" } }, 422, "type"],
    ["an object where text goes", { body: { name: { first: "A" } } }, 422, "type"],
    ["a newline in single-line text", { body: { name: "A\nB" } }, 422, "type"],
    ["malformed JSON", { rawBody: "{ name: ", headers: { "content-type": "application/json" } }, 400, "invalid_json"],
    ["a JSON array", { body: [1, 2] }, 400, "invalid_json"],
    ["malformed multipart", { rawBody: "garbage", headers: { "content-type": "multipart/form-data; boundary=zzz" } }, 400, "invalid_multipart"],
    ["a wrong content type", { rawBody: "name=A", headers: { "content-type": "text/plain" } }, 415, "unsupported_media_type"],
    ["no content type", { rawBody: "name=A" }, 415, "unsupported_media_type"],
    ["a body over 64 KB", { body: { name: "A", bio: "x".repeat(64 * 1024) } }, 413, "body_too_large"],
  ];

  it.each(cases)("%s", async (_label, options, status, code) => {
    const before = await count("submissions");
    const res = await call("POST", "/api/cms/forms/survey", options);
    expect(res.status).toBe(status);
    const body = await res.json<{ code: string; violations?: { path: string; code: string }[] }>();
    if (status === 422) expect(body.violations?.map((v) => v.code)).toContain(code);
    else expect(body.code).toBe(code);
    expect(await count("submissions")).toBe(before);
  });

  it("lists a violation for every bad field at once", async () => {
    const res = await call("POST", "/api/cms/forms/survey", { body: { email: "x", age: 3 } });
    expect(res.status).toBe(422);
    const body = await res.json<{ violations: { path: string }[] }>();
    expect(body.violations.map((v) => v.path)).toEqual(["name", "email", "age"]);
  });

  it("refuses a file part for a form that declares no file field (415)", async () => {
    const body = new FormData();
    body.set("name", "A");
    body.set("bio", new File(["x"], "x.txt", { type: "text/plain" }));
    const before = await count("submissions");
    const res = await call("POST", "/api/cms/forms/survey", { rawBody: body });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ code: "file_not_accepted" });
    expect(await count("submissions")).toBe(before);
  });

  it.each([
    ["too big", new File(["x".repeat(101)], "big.txt", { type: "text/plain" }), "too_large"],
    ["of a type not accepted", new File(["<svg/>"], "a.svg", { type: "image/svg+xml" }), "file_type"],
  ])("refuses a declared file that is %s (422)", async (_label, file, code) => {
    const body = new FormData();
    body.set("title", "T");
    body.set("attachment", file);
    const res = await call("POST", "/api/cms/forms/upload", { rawBody: body });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ violations: [{ path: "attachment", code }] });
  });

  it("answers 404 for an unknown form name", async () => {
    const res = await call("POST", "/api/cms/forms/nope", { body: { name: "A" } });
    expect(res.status).toBe(404);
  });

  it.each(["GET", "PUT", "DELETE"])("answers %s with 405 and Allow: POST", async (method) => {
    const res = await call(method, "/api/cms/forms/survey");
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
  });

  it.each([
    ["a foreign Origin", { origin: "https://evil.test" }],
    ["no Origin and no Sec-Fetch-Site", { origin: null }],
  ])("refuses %s with 403 (no session is needed, but the origin is checked)", async (_label, options) => {
    const before = await count("submissions");
    const res = await call("POST", "/api/cms/forms/survey", { body: { name: "A" }, ...options });
    expect(res.status).toBe(403);
    expect(await count("submissions")).toBe(before);
  });

  it("leaves other paths to other routes", async () => {
    expect(await route(request("POST", "/api/cms/forms"), formEnv(), createExecutionContext())).toBeUndefined();
    expect(await route(request("POST", "/api/cms/forms/a/b"), formEnv(), createExecutionContext())).toBeUndefined();
  });
});

describe("formRoute: the contact form without JavaScript", () => {
  const navigate = { accept: "text/html,application/xhtml+xml", "sec-fetch-mode": "navigate" };
  const ip = () => ({ "cf-connecting-ip": `198.51.100.${Math.floor(Math.random() * 250)}` });

  it("a plain form post is stored as an inquiry and redirected (303) to the thank-you URL", async () => {
    const token = await issueFormToken(TIMING_SECRET, "contact", clock - 10_000);
    const before = await count("inquiries");
    const res = await call("POST", "/api/cms/forms/contact", urlencoded({ name: "Ann", email: "ann@example.test", message: "Hello\r\nthere", website: "", cms_form_ts: token }, { ...navigate, ...ip() }));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${SITE}/?form=contact&sent=1#contact`);
    expect(await count("inquiries")).toBe(before + 1);
    const row = await env.DB.prepare("SELECT name, email, message FROM inquiries ORDER BY id DESC LIMIT 1").first();
    expect(row).toEqual({ name: "Ann", email: "ann@example.test", message: "Hello\nthere" });
  });

  it("a failed plain post is redirected to the error URL with the code", async () => {
    const res = await call("POST", "/api/cms/forms/contact", urlencoded({ name: "Ann", email: "nope", message: "Hi" }, { ...navigate, ...ip() }));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${SITE}/?form=contact&form_error=validation_failed#contact`);
  });

  it("the same fields posted by fetch get JSON, not a redirect", async () => {
    const token = await issueFormToken(TIMING_SECRET, "contact", clock - 10_000);
    const res = await call("POST", "/api/cms/forms/contact", urlencoded({ name: "Ann", email: "ann@example.test", message: "Hi", cms_form_ts: token }, { accept: "*/*", "sec-fetch-mode": "cors", ...ip() }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });

  it("a too-fast plain post is redirected exactly like a real one and stores nothing", async () => {
    const token = await issueFormToken(TIMING_SECRET, "contact", clock - 1_000);
    const before = await count("inquiries");
    const res = await call("POST", "/api/cms/forms/contact", urlencoded({ name: "Bot", email: "bot@example.test", message: "Buy", cms_form_ts: token }, { ...navigate, ...ip() }));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${SITE}/?form=contact&sent=1#contact`);
    expect(await count("inquiries")).toBe(before);
  });
});
