import { describe, expect, it } from "vitest";
import { localePath, parseLocalePath, type LocaleAddressing } from "../../src/shared/locale-path";

const two: LocaleAddressing = { locales: ["en", "de", "pt-BR"], defaultLocale: "en" };

describe("localePath", () => {
  it.each<[LocaleAddressing, string, string, string]>([
    [two, "en", "about", "/about"],
    [two, "en", "home", "/"],
    [two, "de", "ueber-uns", "/de/ueber-uns"],
    [two, "de", "home", "/de/"],
    [two, "pt-BR", "sobre", "/pt-BR/sobre"],
    [null, "en", "about", "/about"],
    [null, "de", "about", "/about"],
    [null, "", "home", "/"],
  ])("%j %s %s is %s", (languages, locale, slug, path) => {
    expect(localePath(languages, locale, slug)).toBe(path);
  });
});

describe("parseLocalePath", () => {
  it.each<[LocaleAddressing, string, ReturnType<typeof parseLocalePath>]>([
    [two, "/", { locale: "en", slug: "home", prefixed: false }],
    [two, "/about", { locale: "en", slug: "about", prefixed: false }],
    [two, "/de/", { locale: "de", slug: "home", prefixed: true }],
    [two, "/de", { locale: "de", slug: "home", prefixed: true }],
    [two, "/de/ueber-uns", { locale: "de", slug: "ueber-uns", prefixed: true }],
    [two, "/en/about", { locale: "en", slug: "about", prefixed: true }],
    [two, "/fr/about", null],
    [two, "/de/a/b", null],
    [two, "/dex", { locale: "en", slug: "dex", prefixed: false }],
    [null, "/de/about", null],
    [null, "/de", { locale: "", slug: "de", prefixed: false }],
    [null, "/", { locale: "", slug: "home", prefixed: false }],
  ])("%j %s", (languages, path, address) => {
    expect(parseLocalePath(languages, path)).toEqual(address);
  });

  it("reads back every address localePath writes", () => {
    for (const locale of two!.locales) {
      for (const slug of ["home", "about"]) {
        const parsed = parseLocalePath(two, localePath(two, locale, slug));
        expect(parsed).toMatchObject({ locale, slug });
      }
    }
  });
});
