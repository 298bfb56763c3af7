import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { buildRegistry } from "../../src/cms/cms-registry";
import { resolveLanguages } from "../../src/cms/cms-languages";
import { cmsSitemap } from "../../src/cms/cms-sitemap";
import { siteCms } from "../../src/site/cms";
import { pagesDeclaration } from "../../src/site/collections";
import type { SiteEnv } from "../../src/site/env";
import { sitePages } from "../../src/site/site-pages";
import { seedDemo, SITE } from "./demo-helpers";
import { EN_DE, putPage, uniqueSlug } from "./locale-helpers";

/*
 * What search engines read of a site in English and German: each published page's hreflang
 * alternates (its published locales, itself included, and x-default), and the sitemap listing every
 * published page with the same alternates; a translation not yet published is in neither.
 */
const translated = sitePages({ resolveEditor: siteCms.resolveEditor, languages: EN_DE });
const plain = sitePages({ resolveEditor: siteCms.resolveEditor, languages: null });
const registry = buildRegistry({ pages: { ...pagesDeclaration, localized: { shared: [] } } }, resolveLanguages({ locales: ["en", "de"], defaultLocale: "en" }));
const sitemap = cmsSitemap(registry, { collections: ["pages"] });

async function alternatesOf(pages: typeof translated, path: string): Promise<string[]> {
  const response = await pages(new Request(`${SITE}${path}`), env as SiteEnv);
  expect(response?.status).toBe(200);
  return [...(await response!.text()).matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map(([, lang, href]) => `${lang} ${href}`);
}

async function sitemapText(): Promise<string> {
  const response = await sitemap(new Request(`${SITE}/sitemap.xml`), env);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
  return response.text();
}

/* The sitemap's `<url>` of `loc`, as its lines. */
function urlEntry(xml: string, loc: string): string[] | null {
  const entry = xml.split("<url>").find((part) => part.includes(`<loc>${loc}</loc>`));
  return entry ? entry.split("\n").map((line) => line.trim()).filter((line) => line.startsWith("<xhtml:link")) : null;
}

beforeAll(async () => {
  await seedDemo();
});

describe("hreflang alternates", () => {
  it("a page with a published translation lists both locales and x-default, on each of them", async () => {
    const slug = uniqueSlug("prices");
    const german = uniqueSlug("preise");
    const source = await putPage(slug, "Prices");
    await putPage(german, "Preise", { locale: "de", sourceId: source });
    const expected = [`en ${SITE}/${slug}`, `de ${SITE}/de/${german}`, `x-default ${SITE}/${slug}`];
    expect(await alternatesOf(translated, `/${slug}`)).toEqual(expected);
    expect(await alternatesOf(translated, `/de/${german}`)).toEqual(expected);
  });

  it("a page without translations lists itself and x-default; an unpublished translation is left out", async () => {
    const slug = uniqueSlug("alone");
    const source = await putPage(slug, "Alone");
    await putPage(slug, "Allein", { locale: "de", sourceId: source, published: false });
    expect(await alternatesOf(translated, `/${slug}`)).toEqual([`en ${SITE}/${slug}`, `x-default ${SITE}/${slug}`]);
  });

  it("a German page whose source is not published has no x-default", async () => {
    const slug = uniqueSlug("only-german");
    const source = await putPage(slug, "Unpublished", { published: false });
    await putPage(slug, "Nur Deutsch", { locale: "de", sourceId: source });
    expect(await alternatesOf(translated, `/de/${slug}`)).toEqual([`de ${SITE}/de/${slug}`]);
  });

  it("a site without languages has none", async () => {
    expect(await alternatesOf(plain, "/about")).toEqual([]);
  });
});

describe("the sitemap", () => {
  it("lists each published page in each locale with its alternates; unpublished pages and translations are absent", async () => {
    const slug = uniqueSlug("map");
    const german = uniqueSlug("karte");
    const source = await putPage(slug, "Map");
    await putPage(german, "Karte", { locale: "de", sourceId: source });
    const lonely = await putPage(uniqueSlug("lonely"), "Lonely");
    const lonelySlug = (await env.DB.prepare("SELECT slug FROM pages WHERE id = ?1").bind(lonely).first<{ slug: string }>())!.slug;
    await putPage(lonelySlug, "Einsam", { locale: "de", sourceId: lonely, published: false });
    const hidden = uniqueSlug("hidden");
    await putPage(hidden, "Hidden", { published: false });

    const xml = await sitemapText();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n')).toBe(true);
    const both = [
      `<xhtml:link rel="alternate" hreflang="en" href="${SITE}/${slug}"/>`,
      `<xhtml:link rel="alternate" hreflang="de" href="${SITE}/de/${german}"/>`,
      `<xhtml:link rel="alternate" hreflang="x-default" href="${SITE}/${slug}"/>`,
    ];
    expect(urlEntry(xml, `${SITE}/${slug}`)).toEqual(both);
    expect(urlEntry(xml, `${SITE}/de/${german}`)).toEqual(both);
    expect(urlEntry(xml, `${SITE}/${lonelySlug}`)).toEqual([
      `<xhtml:link rel="alternate" hreflang="en" href="${SITE}/${lonelySlug}"/>`,
      `<xhtml:link rel="alternate" hreflang="x-default" href="${SITE}/${lonelySlug}"/>`,
    ]);
    expect(urlEntry(xml, `${SITE}/de/${lonelySlug}`)).toBeNull();
    expect(xml).not.toContain(hidden);
    expect(urlEntry(xml, `${SITE}/`)).not.toBeNull();
  });

  it("the reference site serves its own at /sitemap.xml", async () => {
    const response = await exports.default.fetch(`${SITE}/sitemap.xml`);
    expect(response.status).toBe(200);
    const xml = await response.text();
    expect(xml).toContain(`<loc>${SITE}/about</loc>`);
    expect(xml).toContain(`<loc>${SITE}/</loc>`);
  });

  it("refuses at start-up a collection it cannot address", () => {
    expect(() => cmsSitemap(registry, { collections: ["courses"] })).toThrow(/not a collection of this site/);
  });
});
