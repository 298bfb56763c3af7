import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  SESSION_LIFETIME_SECONDS,
  assertSessionSecret,
  clearSessionCookieHeader,
  createSiteEditorResolver,
  readSessionCookie,
  resolveSiteEditor,
  sessionCookieHeader,
  signSession,
  verifySession,
  createEditorSession,
  deleteEditorSession,
  isSessionLive,
  revokeEditorSessions,
  type EditorRole,
  type SessionPayload,
} from "../../src/auth";
import { insertEditor } from "./helpers";
import type { SiteEnv } from "../../src/site/env";

const SECRET = env.CMS_SESSION_SECRET;
const NOW_MS = Date.UTC(2026, 0, 5, 9, 0, 0);
const IAT = NOW_MS / 1000;

function payload(overrides: Partial<SessionPayload> = {}): SessionPayload {
  return { sub: "7", sid: "session-7", email: "ada@example.test", name: "Ada", role: "editor", iat: IAT, exp: IAT + SESSION_LIFETIME_SECONDS, ...overrides };
}

function b64url(text: string): string {
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

describe("signSession / verifySession", () => {
  it("verifies its own cookie and returns the payload", async () => {
    const value = await signSession(payload(), SECRET);
    expect(value).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(await verifySession(value, SECRET, NOW_MS)).toEqual(payload());
  });

  it("refuses a cookie whose payload was changed (role raised to publisher, signature kept)", async () => {
    const value = await signSession(payload(), SECRET);
    const signature = value.split(".")[1];
    const forged = `${b64url(JSON.stringify(payload({ role: "publisher" })))}.${signature}`;
    expect(await verifySession(forged, SECRET, NOW_MS)).toBeNull();
  });

  it("refuses a cookie whose signature was changed", async () => {
    const value = await signSession(payload(), SECRET);
    const [body, signature] = value.split(".") as [string, string];
    const flipped = (signature[0] === "A" ? "B" : "A") + signature.slice(1);
    expect(await verifySession(`${body}.${flipped}`, SECRET, NOW_MS)).toBeNull();
  });

  it("refuses a non-canonical spelling of the right signature (spare low bits changed)", async () => {
    const value = await signSession(payload(), SECRET);
    const [body, signature] = value.split(".") as [string, string];
    // 32 bytes in 43 base64url characters leave 2 unused bits in the last one; flipping one decodes to the same bytes.
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const last = alphabet.indexOf(signature.at(-1)!);
    const twin = signature.slice(0, -1) + alphabet[last ^ 1];
    expect(await verifySession(`${body}.${twin}`, SECRET, NOW_MS)).toBeNull();
  });

  it("refuses a cookie signed with another secret", async () => {
    const value = await signSession(payload(), "another-secret-that-is-long-enough-0123");
    expect(await verifySession(value, SECRET, NOW_MS)).toBeNull();
  });

  it("refuses an expired cookie, and accepts it up to the last second", async () => {
    const value = await signSession(payload(), SECRET);
    const expiry = (IAT + SESSION_LIFETIME_SECONDS) * 1000;
    expect(await verifySession(value, SECRET, expiry - 1000)).not.toBeNull();
    expect(await verifySession(value, SECRET, expiry)).toBeNull();
  });

  it("refuses malformed values", async () => {
    const good = await signSession(payload(), SECRET);
    const [body, signature] = good.split(".") as [string, string];
    const notJson = b64url("not json");
    for (const value of ["", ".", "abc", `${body}`, `.${signature}`, `${body}.`, `${body}.${signature}.x`, `${body}!.${signature}`, `${notJson}.${signature}`]) {
      expect(await verifySession(value, SECRET, NOW_MS), value).toBeNull();
    }
  });

  it("refuses a correctly signed payload of the wrong shape", async () => {
    for (const bad of [{ ...payload(), role: "owner" }, { ...payload(), sub: 7 }, { ...payload(), exp: "later" }, [1, 2]]) {
      const body = b64url(JSON.stringify(bad));
      const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(SECRET), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
      const signature = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(body)));
      const value = `${body}.${b64url(String.fromCharCode(...signature))}`;
      expect(await verifySession(value, SECRET, NOW_MS), JSON.stringify(bad)).toBeNull();
    }
  });

  it("never signs with a missing or short secret, and resolves nobody with one", async () => {
    await expect(signSession(payload(), "")).rejects.toMatchObject({ status: 503, code: "misconfigured" });
    await expect(signSession(payload(), "x".repeat(31))).rejects.toMatchObject({ status: 503, code: "misconfigured" });
    await expect(signSession(payload(), "replace-me-with-32-or-more-random-characters")).rejects.toMatchObject({ status: 503, code: "misconfigured" });
    expect(() => assertSessionSecret(undefined)).toThrow(/CMS_SESSION_SECRET/);
    expect(() => assertSessionSecret("x".repeat(32))).not.toThrow();
    const value = await signSession(payload(), SECRET);
    expect(await verifySession(value, "", NOW_MS)).toBeNull();
  });
});

describe("cookie headers", () => {
  it("sets HttpOnly, SameSite=Lax, Path=/ and an 8-hour Max-Age; Secure only over https", () => {
    const http = sessionCookieHeader(new Request("http://localhost:8787/api/cms/session"), "v");
    expect(http).toBe("cms_session=v; HttpOnly; SameSite=Lax; Path=/; Max-Age=28800");
    const https = sessionCookieHeader(new Request("https://site.test/api/cms/session"), "v");
    expect(https).toBe("cms_session=v; HttpOnly; SameSite=Lax; Path=/; Max-Age=28800; Secure");
  });

  it("clears with an empty value and Max-Age=0", () => {
    expect(clearSessionCookieHeader(new Request("https://site.test/"))).toBe("cms_session=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0; Secure");
  });

  it("reads cms_session among other cookies, and nothing from look-alike names", () => {
    const request = (cookie: string) => new Request("http://site.test/", { headers: { cookie } });
    expect(readSessionCookie(request("theme=dark; cms_session=a.b; x=1"))).toBe("a.b");
    expect(readSessionCookie(request("xcms_session=a.b; cms_session_old=c.d"))).toBeNull();
    expect(readSessionCookie(new Request("http://site.test/"))).toBeNull();
  });
});

describe("resolveSiteEditor", () => {
  const cookieRequest = (value: string) => new Request("http://site.test/", { headers: { cookie: `cms_session=${value}` } });

  /** A real editor row and session row, and the cookie naming them. */
  async function signedIn(role: EditorRole = "editor", iat = IAT, exp = IAT + SESSION_LIFETIME_SECONDS) {
    const editor = await insertEditor({ role, name: "Ada" });
    const sid = await createEditorSession(env.DB, editor.id, exp, iat);
    const value = await signSession(payload({ sub: String(editor.id), sid, email: editor.email, role, iat, exp }), SECRET);
    return { editor, sid, value };
  }

  it("maps an editor to roles ['editor'] without the publish privilege", async () => {
    const exp = Math.floor(Date.now() / 1000) + 60;
    const { editor, sid, value } = await signedIn("editor", Math.floor(Date.now() / 1000), exp);
    expect(await resolveSiteEditor(cookieRequest(value), env)).toEqual({
      id: String(editor.id),
      email: editor.email,
      name: "Ada",
      roles: ["editor"],
      access: { publish: false },
      sessionId: sid,
      sessionExpiresAt: exp * 1000,
    });
  });

  it("isSessionLive: true for a standing session; false after sign-out, removal or a role change", async () => {
    const resolve = createSiteEditorResolver({ now: () => NOW_MS });
    const standing = await signedIn("publisher");
    const session = (await resolve(cookieRequest(standing.value), env))!;
    expect(await isSessionLive(env, session, NOW_MS)).toBe(true);
    await env.DB.prepare("UPDATE editors SET role = 'editor' WHERE id = ?1").bind(standing.editor.id).run();
    expect(await isSessionLive(env, session, NOW_MS)).toBe(false);
    const out = await signedIn();
    const outSession = (await resolve(cookieRequest(out.value), env))!;
    await deleteEditorSession(env.DB, out.sid);
    expect(await isSessionLive(env, outSession, NOW_MS)).toBe(false);
    expect(await isSessionLive(env, { ...outSession, sessionId: undefined }, NOW_MS)).toBe(false);
  });

  it("maps a publisher to roles ['editor', 'publisher'] with access.publish", async () => {
    const resolve = createSiteEditorResolver({ now: () => NOW_MS });
    const session = await resolve(cookieRequest((await signedIn("publisher")).value), env);
    expect(session?.roles).toEqual(["editor", "publisher"]);
    expect(session?.access.publish).toBe(true);
  });

  it("resolves nobody once the session row is gone, the editor is removed, or a validly signed cookie names no session", async () => {
    const resolve = createSiteEditorResolver({ now: () => NOW_MS });
    const signedOut = await signedIn();
    await deleteEditorSession(env.DB, signedOut.sid);
    expect(await resolve(cookieRequest(signedOut.value), env)).toBeNull();
    const removed = await signedIn();
    await env.DB.prepare("DELETE FROM editors WHERE id = ?1").bind(removed.editor.id).run();
    expect(await resolve(cookieRequest(removed.value), env)).toBeNull();
    expect(await resolve(cookieRequest(await signSession(payload(), SECRET)), env)).toBeNull();
  });

  it("reads the role from the editor row, so a demoted publisher loses the publish privilege at once", async () => {
    const resolve = createSiteEditorResolver({ now: () => NOW_MS });
    const { editor, value } = await signedIn("publisher");
    await env.DB.prepare("UPDATE editors SET role = 'editor' WHERE id = ?1").bind(editor.id).run();
    expect((await resolve(cookieRequest(value), env))?.access.publish).toBe(false);
  });

  it("maps an admin to roles ['editor', 'publisher', 'admin'] with access.publish and access.admin", async () => {
    const resolve = createSiteEditorResolver({ now: () => NOW_MS });
    const session = await resolve(cookieRequest((await signedIn("admin")).value), env);
    expect(session?.roles).toEqual(["editor", "publisher", "admin"]);
    expect(session?.access).toEqual({ publish: true, admin: true });
  });

  it("reads the scope from the editor row; a stored scope that does not parse narrows to no collection", async () => {
    const resolve = createSiteEditorResolver({ now: () => NOW_MS });
    const { editor, value } = await signedIn();
    expect((await resolve(cookieRequest(value), env))?.access.scope).toBeUndefined();
    await env.DB.prepare("UPDATE editors SET scopes = ?2 WHERE id = ?1").bind(editor.id, JSON.stringify({ paths: ["/blog/"], collections: ["pages"] })).run();
    expect((await resolve(cookieRequest(value), env))?.access.scope).toEqual({ collections: ["pages"], paths: ["/blog/"] });
    await env.DB.prepare("UPDATE editors SET scopes = 'not json' WHERE id = ?1").bind(editor.id).run();
    expect((await resolve(cookieRequest(value), env))?.access.scope).toEqual({ collections: [] });
  });

  it("a session stops being live when its role or scope changes, so a room closes the socket and re-admits under the new ones", async () => {
    const resolve = createSiteEditorResolver({ now: () => NOW_MS });
    const { editor, value } = await signedIn("admin");
    const asAdmin = await resolve(cookieRequest(value), env);
    expect(asAdmin && (await isSessionLive(env, asAdmin, NOW_MS))).toBe(true);
    await env.DB.prepare("UPDATE editors SET role = 'publisher' WHERE id = ?1").bind(editor.id).run();
    expect(await isSessionLive(env, asAdmin!, NOW_MS)).toBe(false);
    const asPublisher = await resolve(cookieRequest(value), env);
    expect(await isSessionLive(env, asPublisher!, NOW_MS)).toBe(true);
    await env.DB.prepare("UPDATE editors SET scopes = ?2 WHERE id = ?1").bind(editor.id, JSON.stringify({ paths: ["/blog/"] })).run();
    expect(await isSessionLive(env, asPublisher!, NOW_MS)).toBe(false);
    expect(await isSessionLive(env, (await resolve(cookieRequest(value), env))!, NOW_MS)).toBe(true);
  });

  it("revokeEditorSessions ends every session of an editor", async () => {
    const resolve = createSiteEditorResolver({ now: () => NOW_MS });
    const first = await signedIn();
    const sid = await createEditorSession(env.DB, first.editor.id, IAT + 60, IAT);
    const second = await signSession(payload({ sub: String(first.editor.id), sid, email: first.editor.email }), SECRET);
    expect(await revokeEditorSessions(env.DB, first.editor.id)).toBe(2);
    expect(await resolve(cookieRequest(first.value), env)).toBeNull();
    expect(await resolve(cookieRequest(second), env)).toBeNull();
  });

  it("resolves nobody without a cookie, with a bad one, once expired, or when the secret is unusable", async () => {
    const { value } = await signedIn();
    const resolve = createSiteEditorResolver({ now: () => NOW_MS });
    expect(await resolve(new Request("http://site.test/"), env)).toBeNull();
    expect(await resolve(cookieRequest(`${value}x`), env)).toBeNull();
    expect(await createSiteEditorResolver({ now: () => NOW_MS + SESSION_LIFETIME_SECONDS * 1000 })(cookieRequest(value), env)).toBeNull();
    const misconfigured = { ...env, CMS_SESSION_SECRET: "" } as SiteEnv;
    expect(await resolve(cookieRequest(value), misconfigured)).toBeNull();
    expect(await resolve(cookieRequest(value), env)).not.toBeNull();
  });
});
