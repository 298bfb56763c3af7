import { describe, expect, it } from "vitest";
import { sourceValueAt } from "../../src/client/languages/source-value";
import { gridRow, parseRecordList, translationRow } from "../../src/client/languages/translation-grid";
import { isOutOfScope, languageName, pageAddress, parseTranslationList, translationStatusText, type TranslationList } from "../../src/client/languages/translations";

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

describe("the Translations panel's rows", () => {
  const about = { id: 2, slug: "about", title: "About us", sourceId: null };
  const listing = (translations: TranslationList["translations"]) => ({ source: 2, translations });

  it("gives each locale its status and the address of its page, from the slugs listed", () => {
    const row = gridRow(EN_DE, about, listing([{ locale: "en", id: 2, published: true, status: "up-to-date" }, { locale: "de", id: 9, published: false, status: "outdated", sourceVersions: { from: 3, to: 5 } }]), new Map([[9, "ueber-uns"]]));
    expect(row).toEqual({
      sourceId: 2,
      title: "About us",
      cells: [
        { locale: "en", status: "up-to-date", text: "source, published", href: "/about" },
        { locale: "de", status: "outdated", text: "outdated, not published", href: "/de/ueber-uns" },
      ],
    });
  });

  it("a missing translation, or one whose slug is not listed yet, has no link; a locale the answer leaves out (the account's scope) is outside its access, not missing", () => {
    const missing = gridRow(EN_DE, about, listing([{ locale: "en", id: 2, published: true, status: "up-to-date" }, { locale: "de", id: null, published: false, status: "missing" }]), new Map());
    expect(missing.cells[1]).toEqual({ locale: "de", status: "missing", text: "not translated yet", href: null });
    const unlisted = gridRow(EN_DE, about, listing([{ locale: "en", id: 2, published: true, status: "up-to-date" }, { locale: "de", id: 9, published: true, status: "up-to-date" }]), new Map());
    expect(unlisted.cells[1]?.href).toBeNull();
    expect(gridRow(EN_DE, about, listing([{ locale: "en", id: 2, published: true, status: "up-to-date" }]), new Map()).cells[1]).toEqual({ locale: "de", status: "outside", text: "outside your access", href: null });
  });

  it("a source outside the account's scope (403 out_of_scope) is outside its access in every locale, not an error; any other failure is the row's error", async () => {
    const slugs = new Map([[9, "ueber-uns"]]);
    const refusal = async (status: number, body: unknown) => ({ ok: false as const, error: "refused", outside: await isOutOfScope(Response.json(body, { status })) });
    const outside = { status: "outside", text: "outside your access", href: null };
    expect(translationRow(await refusal(403, { error: "page 2 is outside this account's scope", code: "out_of_scope" }), EN_DE, about, slugs)).toEqual({
      sourceId: 2,
      title: "About us",
      cells: [{ locale: "en", ...outside }, { locale: "de", ...outside }],
    });
    for (const [status, body] of [[403, { error: "no", code: "forbidden_publish" }], [404, { error: "gone", code: "out_of_scope" }], [500, "not json"]] as const) {
      expect(translationRow(await refusal(status, body), EN_DE, about, slugs)).toEqual({ title: "About us", error: "refused" });
    }
    const listed = translationRow({ ok: true, value: listing([{ locale: "en", id: 2, published: true, status: "up-to-date" }, { locale: "de", id: 9, published: true, status: "up-to-date" }]) }, EN_DE, about, slugs);
    expect("cells" in listed && listed.cells.map((cell) => cell.href)).toEqual(["/about", "/de/ueber-uns"]);
  });

  it("reads a list answer's records and its cursor, dropping rows without an id or slug", () => {
    expect(parseRecordList({ items: [{ id: 2, slug: "about", title: "", sourceId: null }, { id: 9, slug: "ueber-uns", title: "Über uns", sourceId: 2 }, { slug: "x" }, null], next: 9 })).toEqual({
      items: [
        { id: 2, slug: "about", title: "about", sourceId: null },
        { id: 9, slug: "ueber-uns", title: "Über uns", sourceId: 2 },
      ],
      next: "9",
    });
    expect(parseRecordList(null)).toEqual({ items: [], next: null });
  });
});

describe("Show source: the source's value at a translation's field", () => {
  const at = (root: string, ...below: (string | number)[]) => ({ root, below });
  const source = {
    title: "Opening hours",
    sections: [
      { id: "hero00000001", type: "hero", heading: "Welcome" },
      { id: "feat00000002", type: "features", heading: "What you get", items: [{ id: "item00000001", title: "Fast" }, { id: "item00000002", title: "Live" }] },
    ],
  };

  it("reads a top-level field as it is", () => {
    expect(sourceValueAt(source, null, at("title"))).toEqual({ value: "Opening hours" });
  });

  it("finds a list entry by the id of the translation's entry at that position, where the translator moved it", () => {
    const own = { sections: [{ id: "feat00000002", heading: "Was Sie bekommen", items: [{ id: "item00000002", title: "Live" }, { id: "item00000001", title: "Schnell" }] }, { id: "hero00000001", heading: "Willkommen" }] };
    expect(sourceValueAt(source, own, at("sections", 0, "heading"))).toEqual({ value: "What you get" });
    expect(sourceValueAt(source, own, at("sections", 1, "heading"))).toEqual({ value: "Welcome" });
    expect(sourceValueAt(source, own, at("sections", 0, "items", 1, "title"))).toEqual({ value: "Fast" });
  });

  it("is null for an entry the translation added, which the source does not have", () => {
    const own = { sections: [{ id: "newone000001", type: "quote", text: "Nur hier" }] };
    expect(sourceValueAt(source, own, at("sections", 0, "text"))).toBeNull();
  });

  it("takes the entry at the same position when the translation's entry has no id, or the translation could not be read", () => {
    expect(sourceValueAt(source, { sections: [{ heading: "Willkommen" }] }, at("sections", 0, "heading"))).toEqual({ value: "Welcome" });
    expect(sourceValueAt(source, null, at("sections", 1, "items", 0, "title"))).toEqual({ value: "Fast" });
  });
});
