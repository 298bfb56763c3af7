import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { siteCms } from "../../src/site/cms";
import type { SiteEnv } from "../../src/site/env";
import { sitePages } from "../../src/site/site-pages";
import { seedDemo, seedDemoEditors, signIn, SITE } from "./demo-helpers";
import { EN_DE, putPage, uniqueSlug } from "./locale-helpers";

/*
 * Renames in a site in English and German: an old address belongs to its locale, so renaming the
 * German page leads `/de/<old>` on and leaves `/<old>` (the English page keeping that slug) alone,
 * through the same publish every entry point runs.
 */
const translated = sitePages({ resolveEditor: siteCms.resolveEditor, languages: EN_DE });
let ed = "";
let pub = "";

beforeAll(async () => {
  await seedDemo();
  await seedDemoEditors();
  ed = await signIn("ed@demo.test");
  pub = await signIn("pub@demo.test");
});

function call(path: string, cookie: string, method: string, body: unknown): Promise<Response> {
  return exports.default.fetch(`${SITE}${path}`, { method, headers: { cookie, origin: SITE, "content-type": "application/json" }, body: JSON.stringify(body) });
}

async function renameAndPublish(id: number, slug: string): Promise<void> {
  const saved = await call(`/api/cms/pages/${id}`, ed, "PATCH", { slug });
  expect(saved.status, await saved.clone().text()).toBe(201);
  const published = await call(`/api/cms/pages/${id}/publish`, pub, "POST", {});
  expect(published.status, await published.clone().text()).toBe(200);
}

async function visit(path: string): Promise<{ status: number; location: string | null }> {
  const response = await translated(new Request(`${SITE}${path}`), env as SiteEnv);
  return { status: response?.status ?? 404, location: response?.headers.get("location") ?? null };
}

const redirectsFrom = async (slug: string) =>
  (await env.DB.prepare("SELECT locale, from_slug AS \"from\", to_slug AS \"to\" FROM page_redirects WHERE from_slug = ?1 ORDER BY locale").bind(slug).all()).results;

describe("redirects per locale", () => {
  it("renaming the de page redirects /de/<old> and not /<old>", async () => {
    const old = uniqueSlug("angebot");
    const next = uniqueSlug("leistungen");
    const source = await putPage(old, "Offer");
    const german = await putPage(old, "Angebot", { locale: "de", sourceId: source });
    await renameAndPublish(german, next);
    expect(await visit(`/de/${old}`)).toEqual({ status: 308, location: `/de/${next}` });
    expect(await visit(`/de/${next}`)).toMatchObject({ status: 200 });
    expect(await visit(`/${old}`)).toMatchObject({ status: 200, location: null });
    expect(await redirectsFrom(old)).toEqual([{ locale: "de", from: old, to: next }]);
  });

  it("renaming the en page leaves no redirect at /de/<old>, and a chain collapses within its locale only", async () => {
    const [a, b, c] = [uniqueSlug("a"), uniqueSlug("b"), uniqueSlug("c")];
    const source = await putPage(a, "English");
    const german = await putPage(a, "Deutsch", { locale: "de", sourceId: source });
    await renameAndPublish(german, b);
    await renameAndPublish(source, b);
    await renameAndPublish(source, c);
    expect(await visit(`/${a}`)).toEqual({ status: 308, location: `/${c}` });
    expect(await visit(`/${b}`)).toEqual({ status: 308, location: `/${c}` });
    expect(await visit(`/de/${a}`)).toEqual({ status: 308, location: `/de/${b}` });
    expect(await visit(`/de/${b}`)).toMatchObject({ status: 200 });
  });

  it("a page published at an old address removes that locale's redirect only", async () => {
    const [old, next] = [uniqueSlug("old"), uniqueSlug("new")];
    const source = await putPage(old, "English");
    const german = await putPage(old, "Deutsch", { locale: "de", sourceId: source });
    await renameAndPublish(source, next);
    await renameAndPublish(german, next);
    expect((await redirectsFrom(old)).map((row) => row.locale)).toEqual(["de", "en"]);
    const other = await putPage(uniqueSlug("other"), "Andere", { locale: "de" });
    await renameAndPublish(other, old);
    expect(await redirectsFrom(old)).toEqual([{ locale: "en", from: old, to: next }]);
    expect(await visit(`/de/${old}`)).toMatchObject({ status: 200 });
    expect(await visit(`/${old}`)).toEqual({ status: 308, location: `/${next}` });
  });

  it("deleting a German page removes the redirects to it in German only", async () => {
    const [old, next] = [uniqueSlug("gone"), uniqueSlug("here")];
    const source = await putPage(old, "English");
    const german = await putPage(old, "Deutsch", { locale: "de", sourceId: source });
    await renameAndPublish(source, next);
    await renameAndPublish(german, next);
    const ada = await signIn("ada@demo.test");
    const deleted = await exports.default.fetch(`${SITE}/api/cms/pages/${german}`, { method: "DELETE", headers: { cookie: ada, origin: SITE } });
    expect(deleted.status, await deleted.clone().text()).toBeLessThan(300);
    expect(await redirectsFrom(old)).toEqual([{ locale: "en", from: old, to: next }]);
  });
});
