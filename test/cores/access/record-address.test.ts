import { describe, expect, it } from "vitest";
import { mayAccessRecord, mayReadRecord } from "../../../src/cores/access";
import { publicAddress, recordAddress } from "../../../src/cores/collection";
import type { AccessScope } from "../../../src/shared/access-scope";

const pages = { slug: "pages" };
const session = (scope: AccessScope) => ({ access: { publish: false, scope } });
const source = { slug: "about", locale: "en", sourceId: null };
const german = { slug: "ueber-uns", locale: "de", sourceId: 2 };
const sameSlug = { slug: "about", locale: "de", sourceId: 2 };

describe("recordAddress: where the scope rule places a record", () => {
  it.each<[string, Record<string, unknown>, string | null]>([
    ["a record of a collection that is not translated", { slug: "about" }, "/about"],
    ["a source", source, "/about"],
    ["a translation, at its own slug", german, "/de/ueber-uns"],
    ["a translation of the source's slug", sameSlug, "/de/about"],
    ["a translation of the home page (as its source is /home)", { slug: "home", locale: "de", sourceId: 1 }, "/de/home"],
    ["a record without a slug", { title: "x", locale: "de", sourceId: 2 }, null],
  ])("%s", (_name, record, address) => {
    expect(recordAddress({}, record)).toBe(address);
  });

  it("leaves a collection's own address rule alone, handing it the record's locale and source", () => {
    expect(recordAddress({ address: (record) => `/courses/${String(record.locale)}/${String(record.slug)}` }, german)).toBe("/courses/de/ueber-uns");
  });
});

describe("publicAddress: where visitors read a record (the page route's and the sitemap's rule)", () => {
  const languages = { locales: ["en", "de"], defaultLocale: "en" };
  it.each<[string, Record<string, unknown>, string | null]>([
    ["a source", source, "/about"],
    ["a translation", german, "/de/ueber-uns"],
    ["the home page, at the root (where the scope rule says /home)", { slug: "home", locale: "en", sourceId: null }, "/"],
    ["a translation of the home page, at its locale's root", { slug: "home", locale: "de", sourceId: 1 }, "/de/"],
    ["a record of a collection that is not translated", { slug: "about" }, "/about"],
    ["a record without a slug", { title: "x", locale: "de", sourceId: 2 }, null],
  ])("%s", (_name, record, address) => {
    expect(publicAddress({}, languages, record)).toBe(address);
  });

  it("a site without languages has its home at / and every other page at /<slug>; a collection's own rule decides for it", () => {
    expect([publicAddress({}, null, { slug: "home" }), publicAddress({}, null, { slug: "about" })]).toEqual(["/", "/about"]);
    expect(publicAddress({ address: (record) => `/courses/${String(record.slug)}` }, languages, { slug: "home" })).toBe("/courses/home");
  });
});

describe("a scope over a record's place", () => {
  it.each<[string, AccessScope, Record<string, unknown>, boolean, boolean]>([
    // [name, scope, record, may touch, may read]
    ["/de/ touches a German translation", { paths: ["/de/"] }, german, true, true],
    ["/de/ touches no source", { paths: ["/de/"] }, source, false, false],
    ["a source's address does not cover its translation of the same slug", { paths: ["/about"] }, sameSlug, false, false],
    ["nor one of its own slug", { paths: ["/about"] }, german, false, false],
    ["a translator into German reads the source, and touches it not", { locales: ["de"] }, source, false, true],
    ["a scope of no language reads no source", { locales: [] }, source, false, false],
    ["nor a translation", { locales: [] }, german, false, false],
  ])("%s", (_name, scope, record, touch, read) => {
    expect([mayAccessRecord(session(scope), pages, record), mayReadRecord(session(scope), pages, record)]).toEqual([touch, read]);
  });
});
