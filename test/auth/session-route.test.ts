import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { resolveSiteEditor, sessionRoute } from "../../src/auth";
import type { SiteEnv } from "../../src/site/env";
import { ORIGIN, PASSWORD, SESSION_URL, call, cookiePair, formSignInRequest, insertEditor, signInRequest, uniqueEmail, withCookie } from "./helpers";

const route = sessionRoute();

describe("POST /api/cms/session (JSON)", () => {
  it("signs in: 204, a session cookie that resolveSiteEditor accepts, and GET answers the editor", async () => {
    const editor = await insertEditor({ name: "Ada Editor" });
    const res = await call(route, signInRequest({ email: editor.email, password: PASSWORD }));
    expect(res.status).toBe(204);
    expect(res.headers.get("set-cookie")).toMatch(/^cms_session=[\w-]+\.[\w-]+; HttpOnly; SameSite=Lax; Path=\/; Max-Age=28800$/);
    expect(res.headers.get("cache-control")).toBe("private, no-store");

    const cookie = cookiePair(res);
    expect(await resolveSiteEditor(withCookie(cookie), env)).toEqual({
      id: String(editor.id),
      email: editor.email,
      name: "Ada Editor",
      roles: ["editor"],
      access: { publish: false },
      sessionId: expect.any(String),
      // The cookie's own expiry: a room holding the editor's socket confirms it then.
      sessionExpiresAt: expect.any(Number),
    });
    const me = await call(route, withCookie(cookie));
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({ email: editor.email, name: "Ada Editor", roles: ["editor"] });
  });

  it("marks the cookie Secure over https", async () => {
    const editor = await insertEditor();
    const res = await call(route, signInRequest({ email: editor.email, password: PASSWORD }, { url: "https://site.test/api/cms/session" }));
    expect(res.status).toBe(204);
    expect(res.headers.get("set-cookie")).toMatch(/; Secure$/);
  });

  it("matches the email without regard to case or surrounding spaces", async () => {
    const editor = await insertEditor();
    const res = await call(route, signInRequest({ email: `  ${editor.email.toUpperCase()} `, password: PASSWORD }));
    expect(res.status).toBe(204);
  });

  it("signs a publisher in with roles ['editor', 'publisher'] and access.publish", async () => {
    const publisher = await insertEditor({ role: "publisher", name: "Pat Publisher" });
    const cookie = cookiePair(await call(route, signInRequest({ email: publisher.email, password: PASSWORD })));
    const session = await resolveSiteEditor(withCookie(cookie), env);
    expect(session?.roles).toEqual(["editor", "publisher"]);
    expect(session?.access.publish).toBe(true);
    expect(await (await call(route, withCookie(cookie))).json()).toEqual({ email: publisher.email, name: "Pat Publisher", roles: ["editor", "publisher"] });
  });

  it("answers a wrong password and an unknown email with the same 401 body and no cookie", async () => {
    const editor = await insertEditor();
    const wrong = await call(route, signInRequest({ email: editor.email, password: "not the password" }));
    const unknown = await call(route, signInRequest({ email: uniqueEmail("nobody"), password: PASSWORD }));
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const wrongBody = await wrong.json();
    expect(wrongBody).toEqual({ error: "wrong email or password", code: "invalid_credentials" });
    expect(await unknown.json()).toEqual(wrongBody);
    expect(wrong.headers.get("set-cookie")).toBeNull();
    expect(unknown.headers.get("set-cookie")).toBeNull();
  });

  it("refuses a cross-origin sign-in (login CSRF) and one with no origin proof", async () => {
    const editor = await insertEditor();
    const body = JSON.stringify({ email: editor.email, password: PASSWORD });
    const evil = await call(route, new Request(SESSION_URL, { method: "POST", headers: { origin: "https://evil.test", "content-type": "application/json" }, body }));
    expect(evil.status).toBe(403);
    expect(evil.headers.get("set-cookie")).toBeNull();
    const bare = await call(route, new Request(SESSION_URL, { method: "POST", headers: { "content-type": "application/json" }, body }));
    expect(bare.status).toBe(403);
    const fetchMeta = await call(route, new Request(SESSION_URL, { method: "POST", headers: { "sec-fetch-site": "same-origin", "content-type": "application/json" }, body }));
    expect(fetchMeta.status).toBe(204);
  });

  it("answers malformed JSON with 400 and a non-JSON content type with 415", async () => {
    const malformed = await call(route, signInRequest("{ email: "));
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: "invalid_json" });
    const text = await call(route, signInRequest("email=a", { headers: { "content-type": "text/plain" } }));
    expect(text.status).toBe(415);
  });

  it("answers missing, empty or non-string fields with 422 and per-field violations", async () => {
    const missing = await call(route, signInRequest({}));
    expect(missing.status).toBe(422);
    expect(await missing.json()).toMatchObject({
      code: "validation_failed",
      violations: [
        { path: "email", code: "required" },
        { path: "password", code: "required" },
      ],
    });
    const wrongTypes = await call(route, signInRequest({ email: ["a@b.c"], password: 12345678 }));
    expect(wrongTypes.status).toBe(422);
    expect(await wrongTypes.json()).toMatchObject({ violations: [{ path: "email", code: "type" }, { path: "password", code: "type" }] });
    const blank = await call(route, signInRequest({ email: "   ", password: PASSWORD }));
    expect(await blank.json()).toMatchObject({ violations: [{ path: "email", code: "required" }] });
    const long = await call(route, signInRequest({ email: `${"a".repeat(251)}@b.c`, password: PASSWORD }));
    expect(await long.json()).toMatchObject({ violations: [{ path: "email", code: "too_long" }] });
  });

  it("answers 503 misconfigured, not 500, when CMS_SESSION_SECRET is missing or short", async () => {
    const editor = await insertEditor();
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    for (const secret of ["", "too-short"]) {
      const misconfigured = { ...env, CMS_SESSION_SECRET: secret } as SiteEnv;
      const res = await call(route, signInRequest({ email: editor.email, password: PASSWORD }), misconfigured);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ code: "misconfigured", error: expect.stringContaining("CMS_SESSION_SECRET") });
      expect(res.headers.get("set-cookie")).toBeNull();
      expect((await call(route, new Request(SESSION_URL), misconfigured)).status).toBe(503);
    }
    // Logged once for the isolate, however many requests meet the missing secret.
    expect(logged.mock.calls.filter(([line]) => String(line).includes("CMS_SESSION_SECRET"))).toHaveLength(1);
    logged.mockRestore();
  });
});

describe("a site with no editor account yet", () => {
  it("answers a sign-in with 503 misconfigured naming the command that adds one, and the form with /login?error=no_editors", async () => {
    await env.DB.prepare("DELETE FROM editors").run();
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const res = await call(route, signInRequest({ email: uniqueEmail("first"), password: PASSWORD }));
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ code: "misconfigured", error: expect.stringContaining("no editor account"), fix: expect.stringContaining("npx cms-toolkit add-editor") });
    expect(res.headers.get("set-cookie")).toBeNull();
    const form = await call(route, formSignInRequest({ email: uniqueEmail("first"), password: PASSWORD }));
    expect(form.status).toBe(303);
    expect(form.headers.get("location")).toBe("/login?error=no_editors");
    expect(logged.mock.calls.filter(([line]) => String(line).includes("no editor account"))).toHaveLength(1);
    logged.mockRestore();
    // The first account makes the usual answer come back.
    await insertEditor();
    expect((await call(route, signInRequest({ email: uniqueEmail("first"), password: PASSWORD }))).status).toBe(401);
  });
});

describe("GET /api/cms/session", () => {
  it("answers 401 without a cookie", async () => {
    const res = await call(route, new Request(SESSION_URL));
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: "unauthenticated" });
  });

  it("answers 401 for a tampered cookie: payload changed or signature changed", async () => {
    const editor = await insertEditor();
    const cookie = cookiePair(await call(route, signInRequest({ email: editor.email, password: PASSWORD })));
    const [body, signature] = cookie.slice("cms_session=".length).split(".") as [string, string];
    const claims = JSON.parse(atob(body.replace(/-/g, "+").replace(/_/g, "/")));
    const raised = btoa(JSON.stringify({ ...claims, role: "publisher" })).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    const otherSignature = (signature[0] === "A" ? "B" : "A") + signature.slice(1);
    expect((await call(route, withCookie(`cms_session=${raised}.${signature}`))).status).toBe(401);
    expect((await call(route, withCookie(`cms_session=${body}.${otherSignature}`))).status).toBe(401);
    expect((await call(route, withCookie(cookie))).status).toBe(200);
  });

  it("answers 401 once the cookie has expired (8 hours, by the injected clock)", async () => {
    let now = Date.UTC(2026, 2, 1, 8, 0, 0);
    const clocked = sessionRoute({ now: () => now });
    const editor = await insertEditor();
    const cookie = cookiePair(await call(clocked, signInRequest({ email: editor.email, password: PASSWORD })));
    now += 8 * 3600 * 1000 - 1000;
    expect((await call(clocked, withCookie(cookie))).status).toBe(200);
    now += 1000;
    expect((await call(clocked, withCookie(cookie))).status).toBe(401);
  });
});

describe("DELETE /api/cms/session", () => {
  it("signs out: 204 and a Set-Cookie that clears the cookie", async () => {
    const res = await call(route, new Request(SESSION_URL, { method: "DELETE", headers: { origin: ORIGIN } }));
    expect(res.status).toBe(204);
    expect(res.headers.get("set-cookie")).toBe("cms_session=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0");
  });

  it("ends the session on the server: a copy of the old cookie no longer reads or writes", async () => {
    const editor = await insertEditor();
    const cookie = cookiePair(await call(route, signInRequest({ email: editor.email, password: PASSWORD })));
    expect((await call(route, withCookie(cookie))).status).toBe(200);
    const out = await call(route, withCookie(cookie, { method: "DELETE", headers: { origin: ORIGIN } }));
    expect(out.status).toBe(204);
    expect((await call(route, withCookie(cookie))).status).toBe(401);
    expect(await resolveSiteEditor(withCookie(cookie), env)).toBeNull();
  });

  it("removing an editor ends their access on the next request", async () => {
    const editor = await insertEditor();
    const cookie = cookiePair(await call(route, signInRequest({ email: editor.email, password: PASSWORD })));
    await env.DB.prepare("DELETE FROM editors WHERE id = ?1").bind(editor.id).run();
    expect((await call(route, withCookie(cookie))).status).toBe(401);
  });

  it("refuses a cross-origin sign-out", async () => {
    const res = await call(route, new Request(SESSION_URL, { method: "DELETE", headers: { origin: "https://evil.test" } }));
    expect(res.status).toBe(403);
    expect(res.headers.get("set-cookie")).toBeNull();
  });
});

describe("routing", () => {
  it("answers other methods with 405 and Allow", async () => {
    const res = await call(route, new Request(SESSION_URL, { method: "PUT", headers: { origin: ORIGIN } }));
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, POST, DELETE");
  });

  it("leaves other paths alone", async () => {
    expect(await route(new Request(`${ORIGIN}/api/cms/sessions`), env, {} as ExecutionContext)).toBeUndefined();
    expect(await route(new Request(`${ORIGIN}/api/cms/session/x`), env, {} as ExecutionContext)).toBeUndefined();
  });
});

describe("POST /api/cms/session (no-JavaScript form)", () => {
  it("signs in and redirects 303 to a same-site next path", async () => {
    const editor = await insertEditor();
    const res = await call(route, formSignInRequest({ email: editor.email, password: PASSWORD, next: "/about?edit=1#top" }));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/about?edit=1#top");
    expect(await resolveSiteEditor(withCookie(cookiePair(res)), env)).toMatchObject({ email: editor.email });
  });

  it("redirects to / instead of an off-site or missing next", async () => {
    const editor = await insertEditor();
    const disguised = ["/.//evil.test/x", "/%2e//evil.test/x", "/a/..//evil.test", "/./\\evil.test", "/\t/evil.test", "/\n/evil.test", "/\r//evil.test", "/\u00a0//evil.test", "/\u0000//evil.test"];
    for (const next of ["//evil.test/", "https://evil.test/", "/\\evil.test", "javascript:alert(1)", "about", "/\\/evil.test", "", ...disguised]) {
      const res = await call(route, formSignInRequest({ email: editor.email, password: PASSWORD, next }));
      expect(res.status, next).toBe(303);
      expect(res.headers.get("location"), next).toBe("/");
    }
    const none = await call(route, formSignInRequest({ email: editor.email, password: PASSWORD }));
    expect(none.headers.get("location")).toBe("/");
  });

  it("redirects a failed sign-in to /login?error=1 without a cookie", async () => {
    const editor = await insertEditor();
    const failures: Record<string, string>[] = [{ email: editor.email, password: "nope", next: "/about" }, { email: uniqueEmail("nobody"), password: PASSWORD }, { email: editor.email }];
    for (const fields of failures) {
      const res = await call(route, formSignInRequest(fields));
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe("/login?error=1");
      expect(res.headers.get("set-cookie")).toBeNull();
    }
  });

  it("refuses a cross-site form post with 403", async () => {
    const editor = await insertEditor();
    const res = await call(
      route,
      new Request(SESSION_URL, {
        method: "POST",
        headers: { origin: "https://evil.test", "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email: editor.email, password: PASSWORD }).toString(),
      }),
    );
    expect(res.status).toBe(403);
  });
});
