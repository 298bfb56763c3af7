import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { APPLIED_SCHEMA_SQL, appliedSchemaFromRows, migrationStatements, type AppliedSchemaRow } from "../../src/cores/schema-sql";
import { shareLinks } from "../../src/tables/share-links";
import { sharedDraftPage } from "../../src/site/share-view";
import type { SiteEnv } from "../../src/site/env";
import { seedDemo, seedDemoEditors, signIn, SITE } from "./demo-helpers";

const API = `${SITE}/api/cms/share-links`;
const headers = (cookie: string) => ({ cookie, origin: SITE, "content-type": "application/json" });
let pub = "";
let ed = "";

async function create(body: unknown, cookie = pub) {
  return exports.default.fetch(API, { method: "POST", headers: headers(cookie), body: JSON.stringify(body) });
}

async function createLink(body: Record<string, unknown> = { id: 2 }): Promise<{ id: string; url: string; token: string; expiresAt: string }> {
  const res = await create(body);
  expect(res.status).toBe(201);
  return res.json();
}

/** Opens a share URL as a visitor: no cookie at all. */
const visit = (url: string) => exports.default.fetch(url);

beforeAll(async () => {
  await seedDemo();
  await seedDemoEditors();
  pub = await signIn("pub@demo.test");
  ed = await signIn("ed@demo.test");
  // A draft the visitors do not see yet.
  const saved = await exports.default.fetch(`${SITE}/api/cms/pages/2`, { method: "PATCH", headers: headers(pub), body: JSON.stringify({ title: "About us, shared draft" }) });
  expect(saved.status).toBe(201);
});

describe("share links of drafts", () => {
  it("the migration makes the declared table: nothing left to generate", async () => {
    const applied = appliedSchemaFromRows((await env.DB.prepare(APPLIED_SCHEMA_SQL).all<AppliedSchemaRow>()).results);
    expect(migrationStatements({ share_links: { table: shareLinks } }, applied)).toEqual([]);
  });

  it("a publisher creates a link (7 days by default) that shows the draft read-only to a visitor, noindex and uncached", async () => {
    const before = Date.now();
    const link = await createLink();
    expect(link.url).toBe(`${SITE}/share/${link.token}`);
    const days = (Date.parse(link.expiresAt) - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    const page = await visit(link.url);
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain("<h1>About us, shared draft</h1>");
    expect(text).toContain('<meta name="robots" content="noindex">');
    expect(text).not.toContain("data-cms-field");
    expect(text).not.toContain("<script");
    expect(page.headers.get("x-robots-tag")).toBe("noindex");
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    // Visitors of the page itself still see the published title.
    expect(await (await visit(`${SITE}/about`)).text()).toContain("<h1>About us</h1>");
  });

  it("lists the open links of a page, and a revoked link is refused with 410 and leaves the list", async () => {
    const link = await createLink({ collection: "pages", id: 2, expiresInSeconds: 3600 });
    const listed = await (await exports.default.fetch(`${API}?collection=pages&id=2`, { headers: { cookie: pub } })).json<{ items: { id: string; url: string }[] }>();
    expect(listed.items.map((item) => item.id)).toContain(link.id);
    expect(listed.items.find((item) => item.id === link.id)?.url).toBe(link.url);
    const revoked = await exports.default.fetch(`${API}?id=${link.id}`, { method: "DELETE", headers: headers(pub) });
    expect(revoked.status).toBe(204);
    const page = await visit(link.url);
    expect(page.status).toBe(410);
    expect(page.headers.get("x-robots-tag")).toBe("noindex");
    expect(await page.text()).toContain("This share link was revoked");
    const after = await (await exports.default.fetch(`${API}?collection=pages&id=2`, { headers: { cookie: pub } })).json<{ items: { id: string }[] }>();
    expect(after.items.map((item) => item.id)).not.toContain(link.id);
    // Revoking again: there is no open link with that id.
    expect((await exports.default.fetch(`${API}?id=${link.id}`, { method: "DELETE", headers: headers(pub) })).status).toBe(404);
  });

  it("an expired link is refused with 410 and is not listed", async () => {
    // Expired by its stored time, not by waiting for it: a link of a few seconds (its times are whole
    // seconds) can expire before a busy machine's first visit.
    const before = Math.floor(Date.now() / 1000);
    const link = await createLink({ id: 2, expiresInSeconds: 60 });
    const after = Math.floor(Date.now() / 1000);
    const expires = Date.parse(link.expiresAt) / 1000;
    expect(expires).toBeGreaterThanOrEqual(before + 60);
    expect(expires).toBeLessThanOrEqual(after + 60);
    expect((await visit(link.url)).status).toBe(200);
    // Its minute is up: the stored expiry moves to the second the link was made.
    await env.DB.prepare("UPDATE share_links SET expires_at = created_at WHERE id = ?1").bind(link.id).run();
    const page = await visit(link.url);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain("This share link has expired");
    const listed = await (await exports.default.fetch(API, { headers: { cookie: pub } })).json<{ items: { id: string }[] }>();
    expect(listed.items.map((item) => item.id)).not.toContain(link.id);
    expect((await exports.default.fetch(`${API}?id=${link.id}`, { method: "DELETE", headers: headers(pub) })).status).toBe(404);
  });

  it("a tampered or unknown token is a 404 page", async () => {
    const link = await createLink();
    const [id, mac] = link.token.split(".") as [string, string];
    const flipped = `${id}.${mac.slice(0, -1)}${mac.endsWith("0") ? "1" : "0"}`;
    for (const token of [flipped, `${"0".repeat(32)}.${mac}`, "nonsense", `${id}`]) {
      const page = await visit(`${SITE}/share/${token}`);
      expect(page.status, token).toBe(404);
      expect(page.headers.get("x-robots-tag")).toBe("noindex");
      expect(await page.text()).toContain("This share link does not exist");
    }
  });

  it("without a usable CMS_SESSION_SECRET a share page answers 503 misconfigured, naming the fix, and opens nothing", async () => {
    const link = await createLink();
    const token = link.url.split("/share/")[1]!;
    const page = await sharedDraftPage(new Request(link.url), { ...(env as unknown as SiteEnv), CMS_SESSION_SECRET: "short" }, token, async () => {
      throw new Error("must not render");
    });
    expect(page.status).toBe(503);
    expect(page.headers.get("x-robots-tag")).toBe("noindex");
    expect(await page.json()).toMatchObject({ code: "misconfigured", fix: expect.stringContaining("CMS_SESSION_SECRET") });
  });

  it("needs the publish privilege for create, list and revoke (403 for an editor), and a session (401)", async () => {
    const link = await createLink();
    const denied = await create({ id: 2 }, ed);
    expect(denied.status).toBe(403);
    expect(await denied.json()).toMatchObject({ code: "forbidden_publish" });
    expect((await exports.default.fetch(API, { headers: { cookie: ed } })).status).toBe(403);
    expect((await exports.default.fetch(`${API}?id=${link.id}`, { method: "DELETE", headers: headers(ed) })).status).toBe(403);
    expect((await exports.default.fetch(API)).status).toBe(401);
    expect((await visit(link.url)).status).toBe(200);
  });

  it("refuses a cross-site create or revoke (403 cross_origin) and writes nothing", async () => {
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM share_links").first<{ n: number }>();
    const crossSite = await exports.default.fetch(API, { method: "POST", headers: { ...headers(pub), origin: "https://evil.test" }, body: JSON.stringify({ id: 2 }) });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toMatchObject({ code: "cross_origin" });
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM share_links").first<{ n: number }>()).toEqual(before);
    const link = await createLink();
    const revoke = await exports.default.fetch(`${API}?id=${link.id}`, { method: "DELETE", headers: { ...headers(pub), origin: "https://evil.test" } });
    expect(revoke.status).toBe(403);
    expect((await visit(link.url)).status).toBe(200);
  });

  it.each([
    [{}, 400],
    [{ id: "2" }, 400],
    [{ id: 0 }, 400],
    [{ id: 2, expiresInSeconds: 1 }, 400],
    [{ id: 2, expiresInSeconds: 31 * 86400 }, 400],
    [{ id: 2, expiresInSeconds: 2.5 }, 400],
    [{ id: 2, collection: "users" }, 400],
    [{ id: 1, collection: "courses" }, 400],
    [{ id: 999 }, 404],
  ])("answers bad input %j with a %i JSON error and writes nothing", async (body, status) => {
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM share_links").first<{ n: number }>();
    const res = await create(body);
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ error: expect.any(String) });
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM share_links").first<{ n: number }>()).toEqual(before);
  });

  it("stops listing a page's links once the page is deleted, and the link opens nothing", async () => {
    const row = await env.DB.prepare("INSERT INTO pages (slug, title) VALUES (?1, 'Shared then deleted') RETURNING id").bind(`shared-deleted-${Date.now()}`).first<{ id: number }>();
    const link = await createLink({ id: row!.id });
    const listed = async () => (await (await exports.default.fetch(API, { headers: { cookie: pub } })).json<{ items: { id: string }[] }>()).items.map((item) => item.id);
    expect(await listed()).toContain(link.id);
    expect((await exports.default.fetch(`${SITE}/api/cms/pages/${row!.id}`, { method: "DELETE", headers: headers(pub) })).status).toBe(204);
    expect(await listed()).not.toContain(link.id);
    expect((await exports.default.fetch(`${API}?collection=pages&id=${row!.id}`, { headers: { cookie: pub } })).status).toBe(200);
    expect((await visit(link.url)).status).toBe(404);
  });

  it("answers a malformed revoke or list with 400, and a bad method with 405", async () => {
    expect((await exports.default.fetch(`${API}?id=nope`, { method: "DELETE", headers: headers(pub) })).status).toBe(400);
    expect((await exports.default.fetch(`${API}?collection=users&id=2`, { headers: { cookie: pub } })).status).toBe(400);
    expect((await exports.default.fetch(`${API}?id=abc`, { headers: { cookie: pub } })).status).toBe(400);
    expect((await exports.default.fetch(API, { method: "PUT", headers: headers(pub), body: "{}" })).status).toBe(405);
    expect((await create("not json")).status).toBe(400);
  });
});

describe("an editor's view of the page as a visitor", () => {
  it("?cms-view=draft shows the newest draft with no markers and no editor script; ?cms-view=published the live page", async () => {
    const draft = await (await exports.default.fetch(`${SITE}/about?cms-view=draft`, { headers: { cookie: ed } })).text();
    expect(draft).toContain("<h1>About us, shared draft</h1>");
    expect(draft).not.toContain("data-cms-field");
    expect(draft).not.toContain("<script");
    const published = await exports.default.fetch(`${SITE}/about?cms-view=published`, { headers: { cookie: ed } });
    expect(published.headers.get("cache-control")).toBe("private, no-store");
    const text = await published.text();
    expect(text).toContain("<h1>About us</h1>");
    expect(text).not.toContain("data-cms-field");
    // A visitor's ?cms-view changes nothing: the live page.
    expect(await (await visit(`${SITE}/about?cms-view=draft`)).text()).toContain("<h1>About us</h1>");
  });
});
