import { env, exports } from "cloudflare:workers";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CmsServiceApi } from "../../src/cms/cms-service";
import { issueFormToken } from "../../src/cores/forms/form-token";
import type { siteCollections } from "../../src/site/cms";
import { setDefaultLogSink, type LogLine, type WriteLogLine } from "../../src/shared/request-log";
import { png } from "../fixtures/images";
import { connect, editor, newestDraft, newPage, until } from "../objects/room-client";
import { PASSWORD, seedDemoEditors, SITE } from "../site/demo-helpers";

/*
 * Request logs of the reference site, captured through the isolate's default sink: the Worker, its
 * routes and its rooms run in this isolate, so every line they write lands in `lines`.
 */
let lines: LogLine[] = [];
beforeEach(() => {
  lines = [];
  setDefaultLogSink((line) => lines.push(line));
});
afterEach(() => setDefaultLogSink(null));

beforeAll(seedDemoEditors);

const BEARER = "Bearer bearer-secret-5d1f0c";

async function site(path: string, init: RequestInit & { cookie?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("origin", SITE);
  headers.set("authorization", BEARER);
  if (init.cookie) headers.set("cookie", init.cookie);
  if (typeof init.body === "string") headers.set("content-type", "application/json");
  return exports.default.fetch(`${SITE}${path}`, { ...init, headers });
}

async function signInAs(email: string, password = PASSWORD): Promise<Response> {
  return site("/api/cms/session", { method: "POST", body: JSON.stringify({ email, password }) });
}

/** The one line of the request that got `response` (found by its `x-request-id`). */
function lineOf(response: Response): WriteLogLine {
  const id = response.headers.get("x-request-id");
  expect(id).toBeTruthy();
  const mine = lines.filter((line) => line.requestId === id);
  expect(mine, `lines of ${id}`).toHaveLength(1);
  return mine[0] as WriteLogLine;
}

describe("x-request-id", () => {
  it("is on every answer of the CMS: the cf-ray when the edge sent one, else a fresh id", async () => {
    const withRay = await exports.default.fetch(`${SITE}/api/cms/pages/list`, { headers: { "cf-ray": "8c1f2a3b4c5d6e7f-AMS" } });
    expect(withRay.status).toBe(401);
    expect(withRay.headers.get("x-request-id")).toBe("8c1f2a3b4c5d6e7f-AMS");
    const a = await exports.default.fetch(`${SITE}/api/cms/nothing-here`);
    const b = await exports.default.fetch(`${SITE}/api/cms/session`);
    expect(a.status).toBe(404);
    expect(b.status).toBe(401);
    const [idA, idB] = [a.headers.get("x-request-id"), b.headers.get("x-request-id")];
    expect(idA).toMatch(/^[0-9a-f-]{36}$/);
    expect(idB).toMatch(/^[0-9a-f-]{36}$/);
    expect(idA).not.toBe(idB);
    // A header that is not a ray id is not echoed (nor logged).
    const forged = await exports.default.fetch(`${SITE}/api/cms/session`, { headers: { "cf-ray": '"}{"level":"x' } });
    expect(forged.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    // Reads log nothing.
    expect(lines).toEqual([]);
  });
});

describe("one JSON line per write", () => {
  it("names the request, the actor, the record, the version, the outcome and the duration", async () => {
    const signedIn = await signInAs("pub@demo.test");
    expect(signedIn.status).toBe(204);
    expect(lineOf(signedIn)).toEqual({ level: "info", requestId: signedIn.headers.get("x-request-id"), action: "POST /api/cms/session", actor: "pub@demo.test", outcome: 204, ms: expect.any(Number) });
    const cookie = signedIn.headers.get("set-cookie")!.split(";")[0]!;

    const id = await newPage({ title: "Logged" });
    const saved = await site(`/api/cms/pages/${id}/versions`, { method: "POST", cookie, body: JSON.stringify({ title: "Logged draft" }), headers: { "cf-ray": "7a0b1c2d3e4f5a6b-LHR" } });
    expect(saved.status).toBe(201);
    const { versionId } = await saved.json<{ versionId: number }>();
    expect(lineOf(saved)).toEqual({
      level: "info",
      requestId: "7a0b1c2d3e4f5a6b-LHR",
      action: "POST /api/cms/pages/:id/versions",
      actor: "pub@demo.test",
      collection: "pages",
      id,
      version: versionId,
      outcome: 201,
      ms: expect.any(Number),
    });

    const inline = await site("/api/cms/save", { method: "POST", cookie, body: JSON.stringify({ field: `pages:${id}:title`, value: "Inline" }) });
    expect(inline.status).toBe(204);
    expect(lineOf(inline)).toMatchObject({ action: "POST /api/cms/save", actor: "pub@demo.test", collection: "pages", id, version: expect.any(Number), outcome: 204 });

    const published = await site(`/api/cms/pages/${id}/publish`, { method: "POST", cookie, body: "{}" });
    expect(published.status).toBe(200);
    const live = await published.json<{ versionId: number }>();
    expect(lineOf(published)).toMatchObject({ action: "POST /api/cms/pages/:id/publish", collection: "pages", id, version: live.versionId, outcome: 200 });

    const refused = await site(`/api/cms/pages/${id}/versions`, { method: "POST", cookie, body: JSON.stringify({ title: "x".repeat(500) }) });
    expect(refused.status).toBe(422);
    expect(lineOf(refused)).toMatchObject({ collection: "pages", id, outcome: 422 });
    expect(lineOf(refused)).not.toHaveProperty("version");

    const visitor = await exports.default.fetch(`${SITE}/api/cms/forms/contact`, {
      method: "POST",
      headers: { origin: SITE, "content-type": "application/json" },
      body: JSON.stringify({ name: "Ada", email: "ada@example.test", message: "Hello", website: "", cms_form_ts: await issueFormToken(env.CMS_FORM_TIMING_SECRET, "contact", Date.now() - 10_000) }),
    });
    expect(lineOf(visitor)).toMatchObject({ action: "POST /api/cms/forms/contact", actor: null, outcome: visitor.status });
  });

  it("logs the room's own draft write (the last editor leaving) with the editor and the version", async () => {
    const id = await newPage({ title: "Room" });
    const ann = editor("ann");
    const client = await connect(id, ann);
    const watcher = await connect(id, editor("bob"));
    client.doc.getText("title").insert(0, "Typed ");
    await until(() => watcher.text("title") === "Typed Room");
    watcher.close();
    client.close();
    await until(() => newestDraft(id).then((draft) => draft?.title === "Typed Room"));
    await until(() => lines.some((line) => line.level === "info" && line.action === "room.flush" && line.id === id));
    const flushes = lines.filter((line): line is WriteLogLine => line.level === "info" && line.action === "room.flush" && line.id === id);
    expect(flushes).toHaveLength(1);
    const version = await env.DB.prepare("SELECT MAX(id) AS id FROM pages_versions WHERE parent_id = ?1").bind(id).first<{ id: number }>();
    expect(flushes[0]).toEqual({ level: "info", requestId: expect.stringMatching(/^[0-9a-f-]{36}$/), action: "room.flush", actor: ann.email, collection: "pages", id, version: version!.id, outcome: "ok", ms: expect.any(Number) });
  });
});

describe("the service binding's writes", () => {
  it("log one line each, with the caller's editor, the record, the version and the outcome", async () => {
    type Service = Pick<CmsServiceApi<typeof siteCollections>, "saveDraft" | "publish" | "readPage">;
    const service = (exports as unknown as { CmsService: Service }).CmsService;
    const id = await newPage({ title: "Served" });
    const pat = editor("pat", true);
    const saved = await service.saveDraft(pat, "pages", id, { title: "Served draft" });
    expect(saved.ok).toBe(true);
    const refused = await service.publish(editor("ed"), "pages", id);
    expect(refused).toMatchObject({ ok: false, status: 403 });
    expect((await service.readPage(pat, "pages", id)).ok).toBe(true);
    const writes = lines.filter((line): line is WriteLogLine => line.level === "info" && line.action.startsWith("service."));
    expect(writes).toEqual([
      { level: "info", requestId: expect.stringMatching(/^[0-9a-f-]{36}$/), action: "service.saveDraft", actor: pat.email, collection: "pages", id, version: saved.ok ? saved.value.versionId : -1, outcome: "ok", ms: expect.any(Number) },
      { level: "info", requestId: expect.stringMatching(/^[0-9a-f-]{36}$/), action: "service.publish", actor: "ed@example.test", collection: "pages", id, outcome: 403, ms: expect.any(Number) },
    ]);
  });
});

describe("nothing secret in a log line", () => {
  it("holds no password, cookie, session secret, share token, form token or Authorization header across sign-in, save, upload, settings, publish and sharing", async () => {
    const wrong = await signInAs("ada@demo.test", "not the password 7f3e");
    expect(wrong.status).toBe(401);
    const signedIn = await signInAs("ada@demo.test");
    const cookie = signedIn.headers.get("set-cookie")!.split(";")[0]!;
    const id = await newPage({ title: "Secretive" });
    expect((await site(`/api/cms/pages/${id}/versions`, { method: "POST", cookie, body: JSON.stringify({ title: "Draft" }) })).status).toBe(201);
    expect((await site("/api/cms/save", { method: "POST", cookie, body: JSON.stringify({ field: `pages:${id}:title`, value: "Inline" }) })).status).toBe(204);
    const upload = await site("/api/cms/upload", { method: "POST", cookie, headers: { "content-type": "application/octet-stream" }, body: png(7, 3) });
    expect(upload.status).toBeLessThan(300);
    expect((await site("/api/cms/settings", { method: "PATCH", cookie, body: JSON.stringify({ siteName: "Logged site" }) })).status).toBe(200);
    expect((await site(`/api/cms/pages/${id}/publish`, { method: "POST", cookie, body: "{}" })).status).toBe(200);
    const shared = await site("/api/cms/share-links", { method: "POST", cookie, body: JSON.stringify({ id }) });
    expect(shared.status).toBe(201);
    const { token } = await shared.json<{ token: string }>();
    const formToken = await issueFormToken(env.CMS_FORM_TIMING_SECRET, "contact", Date.now() - 10_000);
    await site("/api/cms/forms/contact", { method: "POST", body: JSON.stringify({ name: "Ada", email: "ada@example.test", message: "Hi", website: "", cms_form_ts: formToken }) });
    const signedOut = await site("/api/cms/session", { method: "DELETE", cookie });
    expect(signedOut.status).toBe(204);
    expect(lineOf(signedOut)).toMatchObject({ action: "DELETE /api/cms/session", actor: "ada@demo.test", outcome: 204 });

    const writes = lines.filter((line) => line.level === "info");
    expect(writes.length).toBeGreaterThanOrEqual(10);
    const logged = JSON.stringify(lines);
    const cookieValue = cookie.slice(cookie.indexOf("=") + 1);
    const secrets = { password: PASSWORD, wrongPassword: "not the password 7f3e", cookieValue, cookie, sessionSecret: env.CMS_SESSION_SECRET, formSecret: env.CMS_FORM_TIMING_SECRET, token, formToken, authorization: BEARER, bearer: "bearer-secret-5d1f0c" };
    // A failure names which secret leaked, never the secret itself.
    const leaked = Object.entries(secrets).filter(([, secret]) => logged.includes(secret)).map(([name]) => name);
    expect(leaked).toEqual([]);
  });
});
