import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { sitePages } from "../../src/site/site-pages";
import { siteCms } from "../../src/site/cms";
import type { SiteEnv } from "../../src/site/env";
import { seedDemo, SITE } from "./demo-helpers";
import { EN_DE, putPage, uniqueSlug } from "./locale-helpers";

/*
 * Visitors' addresses of a site in English and German: the default locale's pages at `/<slug>`,
 * German ones at `/de/<slug>` (its home at `/de/`), each with its own `<html lang>`; and a site
 * that declares no languages, whose addresses are what they were.
 */
const translated = sitePages({ resolveEditor: siteCms.resolveEditor, languages: EN_DE });
const plain = sitePages({ resolveEditor: siteCms.resolveEditor, languages: null });

async function visit(pages: typeof translated, path: string): Promise<{ status: number; location: string | null; html: string }> {
  const response = await pages(new Request(`${SITE}${path}`), env as SiteEnv);
  if (!response) return { status: 404, location: null, html: "" };
  return { status: response.status, location: response.headers.get("location"), html: await response.text() };
}

const langOf = (html: string) => /<html lang="([^"]*)">/.exec(html)?.[1];
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

beforeAll(async () => {
  await seedDemo();
});

describe("a site in en and de", () => {
  it("serves a translation with its own slug at /de/<slug>, in German, and not at the source's address", async () => {
    const slug = uniqueSlug("services");
    const german = uniqueSlug("leistungen");
    const source = await putPage(slug, "Our services");
    await putPage(german, "Unsere Leistungen", { locale: "de", sourceId: source });
    const en = await visit(translated, `/${slug}`);
    expect([en.status, titleOf(en.html), langOf(en.html)]).toEqual([200, "Our services", "en"]);
    const de = await visit(translated, `/de/${german}`);
    expect([de.status, titleOf(de.html), langOf(de.html)]).toEqual([200, "Unsere Leistungen", "de"]);
    expect((await visit(translated, `/${german}`)).status).toBe(404);
    expect((await visit(translated, `/de/${slug}`)).status).toBe(404);
  });

  it("tells apart a translation that keeps its source's slug", async () => {
    const slug = uniqueSlug("team");
    const source = await putPage(slug, "Our team");
    await putPage(slug, "Unser Team", { locale: "de", sourceId: source });
    expect(titleOf((await visit(translated, `/${slug}`)).html)).toBe("Our team");
    expect(titleOf((await visit(translated, `/de/${slug}`)).html)).toBe("Unser Team");
  });

  it("serves the German home at /de/, leads /de there and the default locale's prefix to its own address", async () => {
    await putPage("home", "Willkommen", { locale: "de", sourceId: 1 });
    const home = await visit(translated, "/de/");
    expect([home.status, titleOf(home.html), langOf(home.html)]).toEqual([200, "Willkommen", "de"]);
    expect(titleOf((await visit(translated, "/")).html)).toBe("Welcome to the demo site");
    expect(await visit(translated, "/de")).toMatchObject({ status: 308, location: "/de/" });
    expect(await visit(translated, "/en/about")).toMatchObject({ status: 308, location: "/about" });
    expect(await visit(translated, "/de/home")).toMatchObject({ status: 308, location: "/de/" });
  });

  it("keeps an unpublished translation from visitors", async () => {
    const slug = uniqueSlug("draft");
    const source = await putPage(slug, "Published");
    await putPage(slug, "Entwurf", { locale: "de", sourceId: source, published: false });
    expect((await visit(translated, `/${slug}`)).status).toBe(200);
    expect((await visit(translated, `/de/${slug}`)).status).toBe(404);
  });

  it("answers nothing for an undeclared locale's prefix", async () => {
    expect((await visit(translated, "/fr/about")).status).toBe(404);
  });
});

describe("a site without languages", () => {
  it("serves every page at /<slug> whatever its row's locale, and a first segment is never a locale", async () => {
    const slug = uniqueSlug("plain");
    await putPage(slug, "Plain page");
    const page = await visit(plain, `/${slug}`);
    expect([page.status, titleOf(page.html), langOf(page.html)]).toEqual([200, "Plain page", "en"]);
    await putPage("de", "A page called de");
    expect(titleOf((await visit(plain, "/de")).html)).toBe("A page called de");
    expect((await visit(plain, `/de/${slug}`)).status).toBe(404);
    expect(titleOf((await visit(plain, "/")).html)).toBe("Welcome to the demo site");
  });
});
