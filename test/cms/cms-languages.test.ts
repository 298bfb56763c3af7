import { describe, expect, it } from "vitest";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { cmsCollection } from "../../src/cms/cms-collection";
import { resolveLanguages } from "../../src/cms/cms-languages";
import { buildRegistry } from "../../src/cms/cms-registry";
import { localizedIndexes, pages, pagesVersions } from "../../src/tables/pages";
import { versionsTable } from "../../src/tables/versions-table";

const EN_DE = { locales: ["en", "de"], defaultLocale: "en" } as const;
const translated = (shared: ("title" | "body" | "slug")[] = []) =>
  cmsCollection(pages, { versionsTable: pagesVersions, drafts: true, fields: { slug: { type: "text" }, title: { type: "text" }, body: { type: "richtext" } }, localized: { shared } });

describe("a site's languages, declared once", () => {
  it("resolves every locale's fallback chain to end at the default", () => {
    expect(resolveLanguages({})).toBeNull();
    expect(resolveLanguages(EN_DE)).toEqual({ locales: ["en", "de"], defaultLocale: "en", fallback: { de: ["en"] } });
    expect(resolveLanguages({ locales: ["en", "de", "de-AT"], defaultLocale: "en", fallback: { "de-AT": ["de"] } })?.fallback).toEqual({ de: ["en"], "de-AT": ["de", "en"] });
  });

  it("refuses to start with a default that is not a locale, a malformed or repeated locale, or a fallback to an unknown one", () => {
    expect(() => resolveLanguages({ locales: ["en", "de"], defaultLocale: "fr" })).toThrow(/defaultLocale "fr" is not one of locales \(en, de\)/);
    expect(() => resolveLanguages({ locales: ["en", "de"] })).toThrow(/defaultLocale undefined is not one of locales/);
    expect(() => resolveLanguages({ defaultLocale: "en" })).toThrow(/defaultLocale needs locales/);
    expect(() => resolveLanguages({ locales: ["en", "German"], defaultLocale: "en" })).toThrow(/"German" is not a locale code/);
    expect(() => resolveLanguages({ locales: ["en", "en"], defaultLocale: "en" })).toThrow(/twice/);
    expect(() => resolveLanguages({ ...EN_DE, fallback: { fr: ["en"] } })).toThrow(/fallback names fr/);
    expect(() => resolveLanguages({ ...EN_DE, fallback: { de: ["fr"] } })).toThrow(/fallback of de names fr/);
    expect(() => resolveLanguages({ ...EN_DE, fallback: { en: ["de"] } })).toThrow(/default locale falls back to nothing/);
    expect(() => resolveLanguages({ fallback: { de: ["en"] } })).toThrow(/fallback needs locales/);
  });

  it("keeps a translated collection's shared fields in the one registry", () => {
    const registry = buildRegistry({ pages: translated(["slug"]) }, resolveLanguages(EN_DE));
    expect(registry.languages?.defaultLocale).toBe("en");
    expect(registry.get("pages")?.localized).toEqual({ shared: ["slug"] });
    expect(buildRegistry({ pages: cmsCollection(pages, { fields: { title: { type: "text" } } }) }).get("pages")?.localized).toBeNull();
  });

  it("refuses a translated collection without languages, with a shared field that is not a field, or over a table without locale and sourceId", () => {
    expect(() => buildRegistry({ pages: translated() })).toThrow(/collection pages: localized needs the site's languages/);
    expect(() => buildRegistry({ pages: translated(["price" as "title"]) }, resolveLanguages(EN_DE))).toThrow(/shared field price is not one of its fields/);
    const posts = sqliteTable("posts", { id: integer("id").primaryKey(), title: text("title"), publishedVersionId: integer("published_version_id") });
    const plain = cmsCollection(posts, { versionsTable: versionsTable("posts"), drafts: true, fields: { title: { type: "text" } }, localized: { shared: [] } });
    expect(() => buildRegistry({ posts: plain }, resolveLanguages(EN_DE))).toThrow(/localized needs its table to hold locale: .* and sourceId: integer\("source_id"\)/);
  });

  it("accepts a slug field unique within its locale, and refuses one a plain index leaves free", () => {
    const columns = () => ({ id: integer("id").primaryKey(), slug: text("slug").notNull(), locale: text("locale").notNull().default("en"), sourceId: integer("source_id") });
    const events = sqliteTable("events", columns(), (table) => localizedIndexes("events", table));
    const loose = sqliteTable("loose", columns());
    expect(() => buildRegistry({ events: cmsCollection(events, { fields: { slug: { type: "slug" } }, localized: { shared: [] } }) }, resolveLanguages(EN_DE))).not.toThrow();
    expect(() => buildRegistry({ events: cmsCollection(events, { fields: { slug: { type: "slug" } } }) })).not.toThrow();
    expect(() => buildRegistry({ loose: cmsCollection(loose, { fields: { slug: { type: "slug" } }, localized: { shared: [] } }) }, resolveLanguages(EN_DE))).toThrow(/slug field slug needs a unique column/);
  });
});
