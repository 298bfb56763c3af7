import { describe, expect, it } from "vitest";
import { listShown, listValue, splitList } from "../../src/client/team/scope-lists";
import { localeBoxes, localeOptions, scopeLocales } from "../../src/client/team/scope-locales";
import { scopeSummary } from "../../src/client/team/scope-summary";
import { parseTeam } from "../../src/client/team/team-list";

describe("the Team panel's scope summary", () => {
  it("says everything for an unscoped account, and names each part of a scope", () => {
    expect(scopeSummary({})).toBe("everything");
    expect(scopeSummary({ paths: ["/blog/"] })).toBe("pages under /blog/");
    expect(scopeSummary({ collections: ["pages"], paths: ["/blog/", "/news/"], readOnlyFields: { pages: ["slug", "title"] } })).toBe(
      "only pages; pages under /blog/, /news/; read-only pages.slug, pages.title",
    );
    expect(scopeSummary({ collections: [] })).toBe("no collections");
    expect(scopeSummary({ paths: [] })).toBe("no page addresses");
  });

  it("names a scope's languages: a translator into German is German only", () => {
    expect(scopeSummary({ locales: ["de"] })).toBe("German only");
    expect(scopeSummary({ locales: ["de", "fr"], paths: ["/blog-"] })).toBe("German, French only; pages under /blog-");
    expect(scopeSummary({ locales: [] })).toBe("no languages");
  });
});

describe("the scope's Languages choices", () => {
  it("offers the site's locales in order, and keeps any the scope names beyond them", () => {
    expect(localeOptions(["en", "de"])).toEqual(["en", "de"]);
    expect(localeOptions(["en", "de"], ["de"])).toEqual(["en", "de"]);
    expect(localeOptions(["en", "de"], ["fr"])).toEqual(["en", "de", "fr"]);
    expect(localeOptions([], ["de"])).toEqual(["de"]);
    expect(localeOptions([])).toEqual([]);
  });

  it("sends the checked locales, and no locales part when none is checked (every language)", () => {
    expect(scopeLocales(["de"])).toEqual(["de"]);
    expect(scopeLocales([])).toBeUndefined();
  });

  it("shows every scope the server holds so that saving it unchanged keeps it: no language stays no language", () => {
    const saved = (site: readonly string[], held: string[] | undefined) => {
      const shown = localeBoxes(site, held);
      // The server sorts what it stores: the order the boxes send in is no change.
      return scopeLocales(shown.boxes.filter((box) => box.checked).map((box) => box.locale), shown.none)?.sort();
    };
    for (const site of [["en", "de"], []]) {
      for (const held of [undefined, ["de"], ["de", "en"], ["fr"], []]) expect([site, held, saved(site, held)]).toEqual([site, held, held]);
    }
    expect(localeBoxes(["en", "de"], [])).toEqual({ boxes: [{ locale: "en", checked: false }, { locale: "de", checked: false }], none: true });
    expect(localeBoxes(["en", "de"], ["de"]).none).toBe(false);
    expect(scopeLocales([], true)).toEqual([]);
    expect(scopeLocales(["de"], true)).toEqual(["de"]);
  });
});

describe("the scope's Collections and Page address prefixes boxes", () => {
  it("shows every list the server holds so that saving it unchanged keeps it: no collection stays no collection, no address no address", () => {
    const saved = (held: string[] | undefined) => {
      const shown = listShown(held);
      return listValue(shown.text, shown.none);
    };
    for (const held of [undefined, ["pages"], ["pages", "courses"], ["/blog/"], []]) expect([held, saved(held)]).toEqual([held, held]);
    expect(listShown([])).toEqual({ text: "", none: true });
    expect(listShown(undefined)).toEqual({ text: "", none: false });
  });

  it("sends what is typed, and leaves the part out when the box is empty unless None is checked", () => {
    expect(listValue("pages, courses")).toEqual(["pages", "courses"]);
    expect(listValue(" , ")).toBeUndefined();
    expect(listValue("", true)).toEqual([]);
    expect(listValue("pages", true)).toEqual(["pages"]);
    expect(splitList("/blog/,\n /news/ ,")).toEqual(["/blog/", "/news/"]);
  });
});

describe("parseTeam", () => {
  it("keeps well-formed accounts and invites and drops the rest", () => {
    const parsed = parseTeam({
      editors: [
        { id: 1, name: "Ada", email: "ada@example.test", role: "admin", scopes: {}, lastActiveAt: null },
        { id: 2, name: "Bad", email: "bad@example.test", role: "owner" },
      ],
      invites: [{ email: "kim@example.test", name: "Kim", role: "editor", expiresAt: "2026-12-05T12:00:00.000Z" }, { email: 3 }],
    });
    expect(parsed.members).toEqual([{ id: 1, name: "Ada", email: "ada@example.test", role: "admin", scopes: {}, lastActiveAt: null }]);
    expect(parsed.invites).toEqual([{ email: "kim@example.test", name: "Kim", role: "editor", expiresAt: "2026-12-05T12:00:00.000Z" }]);
    expect(parseTeam(null)).toEqual({ members: [], invites: [] });
  });
});
