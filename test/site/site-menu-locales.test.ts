import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { EDGE_GENERATION_KEY } from "../../src/cms/edge-cache";
import { menuLinks, menuViolations } from "../../src/site/site-menu";
import { admin, editor } from "../objects/room-client";
import { seedDemo, seedDemoEditors, seedDemoGerman, signIn, SITE } from "./demo-helpers";

/*
 * The menu in every language: an entry's label per locale (`labels: { de: … }`), its rule, what
 * German and English pages show with and without it, and that a change reaches every locale's
 * cached pages. The demo in English and German: pages 1 (home, "/de/" titled "Willkommen auf der
 * Demo-Seite") and 2 (about, "/de/ueber-uns" titled "Über uns") have published translations.
 */
const json = (cookie: string) => ({ cookie, origin: SITE, "content-type": "application/json" });
const visit = (path: string) => exports.default.fetch(`${SITE}${path}`);
const patch = (cookie: string, menu: unknown) => exports.default.fetch(`${SITE}/api/cms/settings`, { method: "PATCH", headers: json(cookie), body: JSON.stringify({ menu }) });
const menuOf = (html: string) => [...(/<nav aria-label="Site">(.*?)<\/nav>/s.exec(html)?.[1] ?? "").matchAll(/<a href="([^"]+)">([^<]*)<\/a>/g)].map(([, href, label]) => `${href} ${label}`);
const storedMenu = async () => (await env.DB.prepare("SELECT json_extract(custom, '$.menu') AS menu FROM site_settings WHERE id = 1").first<{ menu: string | null }>())?.menu ?? null;
let ed = "";
let pub = "";
let ada = "";
let untranslated = 0;

beforeAll(async () => {
  await seedDemo();
  await seedDemoGerman();
  await seedDemoEditors();
  ed = await signIn("ed@demo.test");
  pub = await signIn("pub@demo.test");
  ada = await signIn("ada@demo.test");
  const created = await exports.default.fetch(`${SITE}/api/cms/pages`, { method: "POST", headers: json(pub), body: JSON.stringify({ slug: "only-english", title: "Only English" }) });
  untranslated = Number(((await created.json()) as { id: number }).id);
  expect((await exports.default.fetch(`${SITE}/api/cms/pages/${untranslated}/publish`, { method: "POST", headers: json(pub), body: "{}" })).status).toBe(200);
});

describe("the menu rule's labels per locale", () => {
  it.each([
    ["a German label", [{ pageId: 2, label: "About", labels: { de: "Über uns" } }], []],
    ["no labels", [{ pageId: 2, label: "About" }], []],
    ["labels that are no object", [{ pageId: 2, label: "About", labels: ["Über uns"] }], [{ path: "menu.0.labels", code: "type" }]],
    ["labels null", [{ pageId: 2, label: "About", labels: null }], [{ path: "menu.0.labels", code: "type" }]],
    ["a locale the site lacks", [{ pageId: 2, label: "About", labels: { fr: "À propos" } }], [{ path: "menu.0.labels.fr", code: "unknown_locale" }]],
    ["the default locale (its label is `label`)", [{ pageId: 2, label: "About", labels: { en: "About" } }], [{ path: "menu.0.labels.en", code: "unknown_locale" }]],
    ["an empty German label", [{ pageId: 2, label: "About", labels: { de: "  " } }], [{ path: "menu.0.labels.de", code: "required" }]],
    ["a German label that is no text", [{ pageId: 2, label: "About", labels: { de: 7 } }], [{ path: "menu.0.labels.de", code: "required" }]],
    ["a German label too long", [{ pageId: 2, label: "About", labels: { de: "x".repeat(61) } }], [{ path: "menu.0.labels.de", code: "too_long" }]],
    ["a German label of 60 characters", [{ pageId: 2, label: "About", labels: { de: "x".repeat(60) } }], []],
    ["an unknown key beside labels", [{ pageId: 2, label: "About", labels: { de: "Über uns" }, label_de: "Über uns" }], [{ path: "menu.0.label_de", code: "unknown" }]],
  ])("%s", (_case, menu, expected) => {
    expect(menuViolations(menu, "menu").map(({ path, code }) => ({ path, code }))).toEqual(expected);
  });
});

describe("menuLinks per locale", () => {
  it("German pages show an entry's German label, else its label; English pages the label", async () => {
    const chosen = [
      { pageId: 2, label: "About", labels: { de: "Wer wir sind" } },
      { pageId: 1, label: "Start" },
      { pageId: untranslated, label: "English only" },
    ];
    expect(await menuLinks(env.DB, chosen, "de")).toEqual([
      { href: "/de/ueber-uns", label: "Wer wir sind" },
      { href: "/de/", label: "Start" },
      { href: "/only-english", label: "English only" },
    ]);
    expect(await menuLinks(env.DB, chosen, "en")).toEqual([
      { href: "/about", label: "About" },
      { href: "/", label: "Start" },
      { href: "/only-english", label: "English only" },
    ]);
    expect(await menuLinks(env.DB, chosen)).toEqual(await menuLinks(env.DB, chosen, "en"));
  });

  it("without labels, German pages show the entries' labels, leading to the translations (a chosen label is not replaced by a page title)", async () => {
    expect(await menuLinks(env.DB, [{ pageId: 2, label: "About" }], "de")).toEqual([{ href: "/de/ueber-uns", label: "About" }]);
    expect(await menuLinks(env.DB, [{ pageId: 2, label: "About" }], "en")).toEqual([{ href: "/about", label: "About" }]);
  });

  it("a German label on a page without a German translation shows on German pages, leading to the English page", async () => {
    expect(await menuLinks(env.DB, [{ pageId: untranslated, label: "English only", labels: { de: "Nur Englisch" } }], "de")).toEqual([{ href: "/only-english", label: "Nur Englisch" }]);
  });
});

describe("the settings route and the menu's labels", () => {
  it("an admin's German label shows on German pages at once (a cached one included: the change purges every locale), and / keeps the English label", async () => {
    expect((await patch(ada, [{ pageId: 2, label: "About" }])).status).toBe(200);
    await (await visit("/de/ueber-uns")).text();
    const hit = await visit("/de/ueber-uns");
    expect(hit.headers.get("x-cms-cache")).toBe("HIT");
    await hit.text();
    const generation = await env.KV.get(EDGE_GENERATION_KEY);

    const saved = await patch(ada, [{ pageId: 2, label: "About", labels: { de: "Über die Firma" } }]);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ settings: { menu: [{ pageId: 2, label: "About", labels: { de: "Über die Firma" } }] } });
    expect(await env.KV.get(EDGE_GENERATION_KEY)).not.toBe(generation);
    const german = await visit("/de/ueber-uns");
    expect(german.headers.get("x-cms-cache")).toBe("MISS");
    expect(menuOf(await german.text())).toEqual(["/de/ueber-uns Über die Firma", "/login Sign in"]);
    expect(menuOf(await (await visit("/")).text())).toEqual(["/about About", "/login Sign in"]);
    expect(menuOf(await (await visit("/de/")).text())).toEqual(["/de/ueber-uns Über die Firma", "/login Sign in"]);
  });

  it.each([
    ["a locale the site lacks", { fr: "À propos" }, "menu.0.labels.fr"],
    ["an empty German label", { de: "" }, "menu.0.labels.de"],
    ["a German label too long", { de: "x".repeat(61) }, "menu.0.labels.de"],
    ["labels as text", "Über uns", "menu.0.labels"],
  ])("refuses %s with a 422 naming it and writes nothing", async (_case, labels, path) => {
    const before = await storedMenu();
    const response = await patch(ada, [{ pageId: 2, label: "About", labels }]);
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ error: expect.any(String), violations: [expect.objectContaining({ path })] });
    expect(await storedMenu()).toBe(before);
  });

  it("stays admin-only: an editor's and a publisher's German label is 403 at the route and the service binding, and nothing is written", async () => {
    const before = await storedMenu();
    const menu = [{ pageId: 2, label: "About", labels: { de: "Verunstaltet" } }];
    for (const cookie of [ed, pub]) {
      const denied = await patch(cookie, menu);
      expect(denied.status).toBe(403);
      expect(await denied.json()).toMatchObject({ code: "forbidden_admin" });
    }
    const service = (exports as unknown as Record<string, { patchSettings: (...args: unknown[]) => Promise<unknown> }>).CmsService!;
    expect(await service.patchSettings(editor("svc-de", true), { menu })).toMatchObject({ ok: false, status: 403, code: "forbidden_admin" });
    expect(await service.patchSettings(admin("svc-admin-de"), { menu: [{ pageId: 2, label: "About", labels: { fr: "À propos" } }] })).toMatchObject({ ok: false, status: 422 });
    expect(await storedMenu()).toBe(before);
  });
});
