import { describe, expect, it } from "vitest";
import { languageName, pageAddress, parseTranslationList, translationStatusText } from "../../src/client/languages/translations";

const EN_DE = { locales: ["en", "de"], defaultLocale: "en" } as const;

describe("parseTranslationList", () => {
  it("reads each locale's entry, with an outdated one's source versions", () => {
    const body = {
      source: 2,
      translations: [
        { locale: "en", id: 2, published: true, status: "up-to-date" },
        { locale: "de", id: 9, published: false, status: "outdated", sourceVersions: { from: 4, to: 7 } },
        { locale: "fr", id: null, published: false, status: "missing" },
      ],
    };
    expect(parseTranslationList(body)).toEqual(body);
  });

  it("keeps a null `from`, and drops entries it cannot read", () => {
    const list = parseTranslationList({
      source: 2,
      translations: [{ locale: "de", id: 9, published: true, status: "outdated", sourceVersions: { from: null, to: 7 } }, { locale: "xx", status: "lost" }, "de", null],
    });
    expect(list).toEqual({ source: 2, translations: [{ locale: "de", id: 9, published: true, status: "outdated", sourceVersions: { from: null, to: 7 } }] });
  });

  it("is null for an answer that is not a listing", () => {
    for (const body of [null, [], { error: "not found" }, { source: "2", translations: [] }, { source: 2 }]) expect(parseTranslationList(body)).toBeNull();
  });
});

describe("what the switcher says of a locale", () => {
  it.each([
    [{ locale: "en", id: 2, published: true, status: "up-to-date" }, "source, published"],
    [{ locale: "en", id: 2, published: false, status: "up-to-date" }, "source, not published"],
    [{ locale: "de", id: null, published: false, status: "missing" }, "not translated yet"],
    [{ locale: "de", id: 9, published: true, status: "outdated" }, "outdated, published"],
    [{ locale: "de", id: 9, published: false, status: "up-to-date" }, "up to date, not published"],
  ] as const)("%j reads %j", (entry, text) => {
    expect(translationStatusText(entry, "en")).toBe(text);
  });

  it("names a language in words, or by its code when there is no name for it", () => {
    expect(languageName("de")).toBe("German");
    expect(languageName("en")).toBe("English");
    expect(languageName("not a locale")).toBe("not a locale");
  });

  it("goes to a locale's page at its address: the default locale's at /<slug>, the others under their prefix", () => {
    expect(pageAddress(EN_DE, "de", "ueber-uns")).toBe("/de/ueber-uns");
    expect(pageAddress(EN_DE, "de", "home")).toBe("/de/");
    expect(pageAddress(EN_DE, "en", "about")).toBe("/about");
    expect(pageAddress(EN_DE, "en", "home")).toBe("/");
  });
});
