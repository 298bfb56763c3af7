import { env, exports } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { EDGE_CACHE_DEFAULTS } from "../../src/cms/edge-cache";
import { seedDemo, seedDemoEditors, seedDemoGerman, signIn, SITE } from "./demo-helpers";

/*
 * The reference site in English and German, as `npm run dev` shows it: the German seed's pages at
 * /de/, their hreflang and menu, the sitemap, the slug rule, and what a German page's rename purges.
 */
const visit = (path: string, headers: Record<string, string> = {}) => exports.default.fetch(`${SITE}${path}`, { headers, redirect: "manual" });
const json = (cookie: string) => ({ cookie, origin: SITE, "content-type": "application/json" });
const post = (cookie: string, path: string, body: unknown, method = "POST") => exports.default.fetch(`${SITE}${path}`, { method, headers: json(cookie), body: JSON.stringify(body) });
const key = (path: string) => `${EDGE_CACHE_DEFAULTS.keyOrigin}${path}`;
let pub = "";
let ada = "";


const count = async () => (await env.DB.prepare("SELECT (SELECT count(*) FROM pages) + (SELECT count(*) FROM pages_versions) AS n").first<{ n: number }>())!.n;
const menuOf = (html: string) => [...(/<nav aria-label="Site">(.*?)<\/nav>/s.exec(html)?.[1] ?? "").matchAll(/<a href="([^"]+)">([^<]*)<\/a>/g)].map(([, href, label]) => `${href} ${label}`);

beforeAll(async () => {
  await seedDemo();
  await seedDemoGerman();
  await seedDemoEditors();
  pub = await signIn("pub@demo.test");
  ada = await signIn("ada@demo.test");
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the reference site in en and de", () => {
  it("serves the German seed at /de/ and /de/ueber-uns in German, with its hreflang, German menu and sitemap entries; the seed runs again changing nothing", async () => {
    const before = await count();
    await seedDemoGerman();
    expect(await count()).toBe(before);

    const home = await visit("/de/");
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).toContain('<html lang="de">');
    expect(html).toContain("<title>Willkommen auf der Demo-Seite</title>");
    expect(html).toContain(`<link rel="alternate" hreflang="de" href="${SITE}/de/">`);
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${SITE}/">`);
    expect(menuOf(html)).toEqual(["/de/ Home", "/de/ueber-uns Über uns", "/login Sign in"]);
    const english = await (await visit("/")).text();
    expect(english).toContain('<html lang="en">');
    expect(english).toContain(`<link rel="alternate" hreflang="de" href="${SITE}/de/">`);
    expect(menuOf(english)).toEqual(["/ Home", "/about About us", "/login Sign in"]);
    expect((await visit("/de/ueber-uns")).status).toBe(200);

    const sitemap = await (await visit("/sitemap.xml")).text();
    for (const loc of [`${SITE}/`, `${SITE}/about`, `${SITE}/de/`, `${SITE}/de/ueber-uns`]) expect(sitemap).toContain(`<loc>${loc}</loc>`);
  });

  it("a German page whose body is empty shows visitors the English body (the fallback), and edit mode the German page's own empty body", async () => {
    const english = await env.DB.prepare("SELECT body FROM pages WHERE slug = 'about' AND locale = 'en'").first<{ body: string }>();
    const german = await env.DB.prepare("SELECT body FROM pages WHERE slug = 'ueber-uns' AND locale = 'de'").first<{ body: string }>();
    const words = english!.body.replace(/<[^>]*>/g, " ").trim().split(/\s+/).slice(0, 4).join(" ");
    expect(words.length).toBeGreaterThan(5);
    await env.DB.prepare("UPDATE pages SET body = '' WHERE slug = 'ueber-uns' AND locale = 'de'").run();
    // A query string keeps the edge cache, which holds the page from the first test, out of it.
    const seen = await (await visit("/de/ueber-uns?fallback")).text();
    expect(seen).toContain("<title>Über uns");
    expect(seen).toContain(words);
    // Edit mode renders the German page's own empty body; the English words reach the client only
    // as the fallback note it shows under the field.
    const edited = await (await visit("/de/ueber-uns", { cookie: pub })).text();
    const id = (await env.DB.prepare("SELECT id FROM pages WHERE slug = 'ueber-uns' AND locale = 'de'").first<{ id: number }>())!.id;
    expect(edited).toContain(`data-cms-field="pages:${id}:body" data-cms-type="richtext"></div>`);
    expect(edited.replace(/<script[^>]*>.*?<\/script>/gs, "")).not.toContain(words);
    await env.DB.prepare("UPDATE pages SET body = ? WHERE slug = 'ueber-uns' AND locale = 'de'").bind(german!.body).run();
  });

  it("the editors' page list shows each page once, in English", async () => {
    const res = await exports.default.fetch(`${SITE}/api/cms/pages/list?limit=200`, { headers: { cookie: pub } });
    expect(res.status).toBe(200);
    const ids = ((await res.json()) as { items: { id: number }[] }).items.map((item) => item.id);
    const german = (await env.DB.prepare("SELECT id FROM pages WHERE locale = 'de'").all<{ id: number }>()).results.map((row) => row.id);
    expect(german.length).toBeGreaterThan(0);
    expect(ids).toContain(1);
    expect(ids.filter((id) => german.includes(id))).toEqual([]);
  });

  it("the page list gives each page its translations: locale, id, address, published, and whether the English page changed since; a missing one as missing", async () => {
    type Listed = { id: number; live: { slug?: string }; translations?: { locale: string; id: number | null; slug: string | null; published: boolean; status: string }[] };
    const made = (await (await post(pub, "/api/cms/pages", { slug: "list-langs", title: "Langs", body: "<p>One</p>", sections: [] })).json()) as { id: number };
    const plain = (await (await post(pub, "/api/cms/pages", { slug: "list-plain", title: "Plain", body: "<p>Two</p>", sections: [] })).json()) as { id: number };
    const german = (await (await post(pub, `/api/cms/pages/${made.id}/versions?locale=de`, { title: "Sprachen" })).json()) as { id: number };
    expect((await post(pub, `/api/cms/pages/${made.id}/versions`, { title: "Languages" })).status).toBe(201);
    const res = await exports.default.fetch(`${SITE}/api/cms/pages/list?limit=200`, { headers: { cookie: pub } });
    const items = ((await res.json()) as { items: Listed[] }).items;
    const about = items.find((item) => item.live.slug === "about");
    const ueber = await env.DB.prepare("SELECT id FROM pages WHERE locale = 'de' AND slug = 'ueber-uns'").first<{ id: number }>();
    expect(about?.translations).toEqual([{ locale: "de", id: ueber!.id, slug: "ueber-uns", path: "/de/ueber-uns", published: true, status: "up-to-date" }]);
    expect(items.find((item) => item.id === made.id)?.translations).toMatchObject([{ locale: "de", id: german.id, path: "/de/list-langs", published: false, status: "outdated" }]);
    // A locale without a translation is listed too, as missing (the Pages panel shows it as such).
    expect(items.find((item) => item.id === plain.id)?.translations).toEqual([{ locale: "de", id: null, slug: null, path: null, published: false, status: "missing" }]);
  });

  it("refuses a page at a locale's address: slug de is 422 reserved", async () => {
    const res = await post(pub, "/api/cms/pages", { slug: "de", title: "Deutsch" });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ violations: [{ path: "slug", code: "reserved" }] });
  });

  it("renaming a German translation purges its old and new address, its English page (whose hreflang changed) and the sitemap, each once", async () => {
    const created = await post(pub, "/api/cms/pages", { slug: "lang-edge", title: "Edge" });
    const source = Number(((await created.json()) as { id: number }).id);
    expect((await post(pub, `/api/cms/pages/${source}/publish`, {})).status).toBe(200);
    const made = await post(pub, `/api/cms/pages/${source}?locale=de`, { title: "Kante", slug: "kante" }, "PATCH");
    expect(made.status, await made.clone().text()).toBe(201);
    const german = Number(((await made.json()) as { id: number }).id);
    expect((await post(pub, `/api/cms/pages/${german}/publish`, {})).status).toBe(200);
    expect((await post(ada, "/api/cms/settings", { menu: [{ pageId: 1, label: "Home" }] })).status).toBe(200);

    const deleted: string[] = [];
    const cache = caches.default;
    const original = cache.delete.bind(cache);
    vi.spyOn(cache, "delete").mockImplementation((request, options) => {
      deleted.push(typeof request === "string" ? request : String(request instanceof URL ? request : request.url));
      return original(request, options);
    });
    expect((await post(pub, `/api/cms/pages/${german}/versions`, { slug: "neue-kante" })).status).toBe(201);
    const published = await post(pub, `/api/cms/pages/${german}/publish`, {});
    expect(published.status).toBe(200);
    await published.text();
    expect(deleted.sort()).toEqual([key("/de/kante"), key("/de/neue-kante"), key("/lang-edge"), key("/sitemap.xml")]);
    expect(await visit("/de/kante")).toMatchObject({ status: 308 });
    expect((await visit("/de/kante")).headers.get("location")).toBe("/de/neue-kante");
    expect((await visit("/lang-edge")).status).toBe(200);
  });
});
