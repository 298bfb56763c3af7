import { describe, expect, it } from "vitest";
import { pageLanguages, translationReadOnly, withFallbacks } from "../../src/shared/page-languages";
import { editorScript } from "../../src/site/render/editor-script";

const EN_DE = { locales: ["en", "de"], defaultLocale: "en" } as const;

describe("the page's languages, as the edit-mode page hands them to the client", () => {
  it("names the row's locale, the site's locales, its source and the shared fields", () => {
    expect(pageLanguages(EN_DE, { locale: "de", sourceId: 2 }, { shared: ["image"] })).toEqual({ locale: "de", locales: ["en", "de"], defaultLocale: "en", sourceId: 2, shared: ["image"] });
    expect(pageLanguages(EN_DE, { locale: "en", sourceId: null }, { shared: [] })).toMatchObject({ locale: "en", sourceId: null });
  });

  it("gives none on a site without languages, for a collection not translated, or a row without a locale", () => {
    expect(pageLanguages(null, { locale: "en" }, { shared: [] })).toBeUndefined();
    expect(pageLanguages(EN_DE, { locale: "en" }, null)).toBeUndefined();
    expect(pageLanguages(EN_DE, {}, { shared: [] })).toBeUndefined();
  });

  it("makes a translation's shared fields read-only on its page, as a scope's are, and keeps values from closing the script", () => {
    const access = { publish: false, admin: false, scope: { readOnlyFields: { pages: ["title"] } } } as unknown as Parameters<typeof editorScript>[1];
    const script = editorScript(9, access, "", "", "ueber-uns", "pages", pageLanguages(EN_DE, { locale: "de", sourceId: 2 }, { shared: ["image", "title", "</script>"] }));
    expect(script).toContain('readOnlyFields: {"pages":["title","image","\\u003c/script>"]}');
    expect(script).toContain('languages: {"locale":"de","locales":["en","de"],"defaultLocale":"en","sourceId":2,"shared":["image","title","\\u003c/script>"]}');
    const source = editorScript(2, { ...access, scope: {} } as typeof access, "", "", "about", "pages", pageLanguages(EN_DE, { locale: "en", sourceId: null }, { shared: ["image"] }));
    expect(source).not.toContain("readOnlyFields");
    expect(source).toContain('"sourceId":null');
  });
});

describe("translationReadOnly", () => {
  const german = { locale: "de", ...EN_DE, sourceId: 2, shared: ["image", "sections"] };
  it("is a translation's shared fields", () => {
    expect(translationReadOnly(german)).toEqual(["image", "sections"]);
  });

  it("is none on a source or on a page without languages", () => {
    expect(translationReadOnly({ ...german, locale: "en", sourceId: null })).toEqual([]);
    expect(translationReadOnly({ locale: "en", ...EN_DE })).toEqual([]);
    expect(translationReadOnly(undefined)).toEqual([]);
  });
});

describe("withFallbacks", () => {
  const german = { locale: "de", ...EN_DE, sourceId: 2, shared: [] };
  it("hands a translation the text visitors see in place of each empty field, and its locale", () => {
    const read = { title: "Hallo", body: "<p>Hi</p>", sections: [{ kind: "hero" }] };
    expect(withFallbacks(german, { body: "en", sections: "en" }, read)).toEqual({ ...german, fallbacks: { body: { locale: "en", value: "<p>Hi</p>" } } });
  });

  it("hands nothing when no text falls back, on a source, or on a page without languages", () => {
    expect(withFallbacks(german, {}, { body: "" })).toEqual(german);
    expect(withFallbacks(german, { sections: "en" }, { sections: [] })).toEqual(german);
    const source = { ...german, locale: "en", sourceId: null };
    expect(withFallbacks(source, { body: "en" }, { body: "<p>Hi</p>" })).toEqual(source);
    expect(withFallbacks(undefined, { body: "en" }, { body: "<p>Hi</p>" })).toBeUndefined();
  });
});
