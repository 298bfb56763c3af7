import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { cmsRoutes } from "../../src/cms/cms-routes";
import { runEditorRoute } from "../../src/routes/run-editor-route";
import { pagesDeclaration } from "../../src/site/collections";
import { asEditor, headerResolver, request } from "../helpers/http";

/* The reference site's pages, translated into German, as createCms mounts them (writes through the room). */
const translated = { ...pagesDeclaration, localized: { shared: [] } };
const cms = cmsRoutes({ collections: { pages: translated }, locales: ["en", "de"], defaultLocale: "en", auth: { resolveEditor: headerResolver } });
let counter = 0;

const call = (method: string, path: string, body?: unknown) =>
  runEditorRoute(cms.route, request(method, path, { ...(body === undefined ? {} : { body }), headers: asEditor() }), env);

async function source(): Promise<{ id: number; slug: string }> {
  const slug = `lang-${Date.now().toString(36)}-${++counter}`;
  const res = await call("POST", "/api/cms/pages", { slug, title: "Our services", body: "<p>We build sites.</p>" });
  expect(res.status, await res.clone().text()).toBe(201);
  return { id: ((await res.json()) as { id: number }).id, slug };
}

const rowsOf = async (sourceId: number) =>
  (await env.DB.prepare("SELECT id, slug, title, locale, source_id FROM pages WHERE source_id = ?1").bind(sourceId).all<Record<string, unknown>>()).results;

describe("?locale= on a translated collection's record routes", () => {
  it("lists a source's locales, and a locale without a translation yet is a 404 to read", async () => {
    const { id } = await source();
    const list = await call("GET", `/api/cms/pages/${id}/translations`);
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual({ source: id, translations: [{ locale: "en", id, published: false, status: "up-to-date" }, { locale: "de", id: null, published: false, status: "missing" }] });
    expect((await call("GET", `/api/cms/pages/${id}?locale=de`)).status).toBe(404);
    expect((await call("GET", `/api/cms/pages/${id}?locale=en`)).status).toBe(200);
  });

  it("answers a locale the site does not declare with 400 unknown_locale, and writes nothing", async () => {
    const { id } = await source();
    for (const [method, path] of [["GET", `/api/cms/pages/${id}?locale=fr`], ["PATCH", `/api/cms/pages/${id}?locale=fr`], ["POST", `/api/cms/pages/${id}/versions?locale=xx-`]] as const) {
      const res = await call(method, path, method === "GET" ? undefined : { title: "Bonjour" });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: "unknown_locale" });
    }
    expect(await rowsOf(id)).toEqual([]);
  });

  it("a PATCH to a locale with no translation makes it from the source's draft: 201 with its own id, then reads and writes address it", async () => {
    const { id, slug } = await source();
    const made = await call("PATCH", `/api/cms/pages/${id}?locale=de`, { title: "Unsere Leistungen" });
    expect(made.status, await made.clone().text()).toBe(201);
    const answer = (await made.json()) as { id: number; locale: string; sourceId: number; snapshot: Record<string, unknown> };
    expect(answer).toMatchObject({ locale: "de", sourceId: id, snapshot: { title: "Unsere Leistungen", body: "<p>We build sites.</p>", slug } });
    expect(answer.id).not.toBe(id);
    expect(await rowsOf(id)).toEqual([{ id: answer.id, slug, title: "Our services", locale: "de", source_id: id }]);

    const again = await call("POST", `/api/cms/pages/${answer.id}/versions?locale=de`, { body: "<p>Wir bauen Seiten.</p>" });
    expect(again.status).toBe(201);
    expect(await again.json()).not.toHaveProperty("locale");
    const read = await call("GET", `/api/cms/pages/${id}?locale=de`);
    expect(await read.json()).toMatchObject({ id: answer.id, locale: "de", sourceId: id });
    const newest = await env.DB.prepare("SELECT version_data FROM pages_versions WHERE parent_id = ?1 ORDER BY id DESC LIMIT 1").bind(answer.id).first<{ version_data: string }>();
    expect(JSON.parse(newest!.version_data)).toMatchObject({ title: "Unsere Leistungen", body: "<p>Wir bauen Seiten.</p>" });
    expect(await (await call("GET", `/api/cms/pages/${id}?locale=en`)).json()).toMatchObject({ id, title: "Our services" });
    expect(await (await call("GET", `/api/cms/pages/${answer.id}/translations`)).json()).toMatchObject({ translations: [{ locale: "en", id }, { locale: "de", id: answer.id }] });

    const listed = async (locale: string) => ((await (await call("GET", `/api/cms/pages?locale=${locale}&limit=200&cursor=${id - 1}`)).json()) as { items: { id: number; locale: string }[] }).items;
    expect((await listed("de")).map((row) => row.id)).toContain(answer.id);
    expect((await listed("de")).every((row) => row.locale === "de")).toBe(true);
    expect((await listed("en")).map((row) => row.id)).toContain(id);
    expect((await listed("en")).map((row) => row.id)).not.toContain(answer.id);
    expect((await call("GET", "/api/cms/pages?locale=fr")).status).toBe(400);
  });

  it("a refused write to a locale with no translation leaves no translation behind", async () => {
    const { id } = await source();
    for (const body of [{ title: "x".repeat(201) }, { sections: "not a list" }, { title: 42 }]) {
      const res = await call("PATCH", `/api/cms/pages/${id}?locale=de`, body);
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(await rowsOf(id)).toEqual([]);
    }
    const versions = await env.DB.prepare("SELECT COUNT(*) AS n FROM pages_versions v WHERE NOT EXISTS (SELECT 1 FROM pages p WHERE p.id = v.parent_id)").first<{ n: number }>();
    expect(versions?.n).toBe(0);
    // The next valid write makes it, as the first would have.
    expect((await call("PATCH", `/api/cms/pages/${id}?locale=de`, { title: "Unsere Leistungen" })).status).toBe(201);
    expect(await rowsOf(id)).toHaveLength(1);
  });

  it("two writers making the same translation at once get one translation", async () => {
    const { id } = await source();
    const answers = await Promise.all(["Eins", "Zwei"].map((title) => call("POST", `/api/cms/pages/${id}/versions?locale=de`, { title })));
    expect(answers.map((res) => res.status)).toEqual([201, 201]);
    const rows = await rowsOf(id);
    expect(rows).toHaveLength(1);
    const made = (await Promise.all(answers.map((res) => res.json()))) as { id?: number }[];
    expect(made.filter((body) => body.id !== undefined).map((body) => body.id)).toEqual([rows[0]!.id]);
  });
});
