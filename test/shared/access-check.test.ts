import { describe, expect, it } from "vitest";
import { assertAccess, isAddressInScope, readOnlyFieldsOf, type AccessTarget } from "../../src/shared/access-check";
import type { AccessScope } from "../../src/shared/access-scope";
import { HttpError } from "../../src/shared/errors";

const session = (scope?: AccessScope) => ({ access: { publish: false, ...(scope ? { scope } : {}) } });

function outcome(scope: AccessScope | undefined, target: AccessTarget): string {
  try {
    assertAccess(session(scope), target);
    return "allowed";
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    expect(error.status).toBe(403);
    return error.code === "read_only_field" ? `read_only_field ${JSON.stringify(error.details.fields)}` : String(error.code);
  }
}

const blog: AccessScope = { collections: ["pages"], paths: ["/blog/"], readOnlyFields: { pages: ["slug"] } };

describe("assertAccess", () => {
  it.each<[string, AccessScope | undefined, AccessTarget, string]>([
    ["no scope", undefined, { collection: "courses", address: "/anything", fields: ["slug"] }, "allowed"],
    ["an empty scope", {}, { collection: "courses", address: null, fields: ["slug"] }, "allowed"],
    ["in scope", blog, { collection: "pages", address: "/blog/spring", fields: ["title"] }, "allowed"],
    ["the section's own page", blog, { collection: "pages", address: "/blog" }, "allowed"],
    ["a collection-level touch (no record)", blog, { collection: "pages" }, "allowed"],
    ["another collection", blog, { collection: "courses", address: "/blog/spring" }, "out_of_scope"],
    ["no collection at all", { collections: [] }, { collection: "pages" }, "out_of_scope"],
    ["another address", blog, { collection: "pages", address: "/about" }, "out_of_scope"],
    ["a prefix that is not a path boundary", blog, { collection: "pages", address: "/blogger" }, "out_of_scope"],
    ["a record without an address", blog, { collection: "pages", address: null }, "out_of_scope"],
    ["a rename out of scope", blog, { collection: "pages", address: "/blog/a", addresses: ["/about"] }, "out_of_scope"],
    ["a rename within scope", blog, { collection: "pages", address: "/blog/a", addresses: ["/blog/b"] }, "allowed"],
    ["a read-only field", blog, { collection: "pages", address: "/blog/a", fields: ["title", "slug"] }, 'read_only_field ["slug"]'],
    ["read-only fields of another collection", { readOnlyFields: { courses: ["title"] } }, { collection: "pages", fields: ["title"] }, "allowed"],
    ["several read-only fields, named sorted", { readOnlyFields: { pages: ["title", "slug"] } }, { collection: "pages", fields: ["title", "body", "slug"] }, 'read_only_field ["slug","title"]'],
    ["paths alone, any collection", { paths: ["/courses/"] }, { collection: "courses", address: "/courses/yoga" }, "allowed"],
    ["a record in a locale of the scope", { locales: ["de"] }, { collection: "pages", locale: "de", fields: ["title"] }, "allowed"],
    ["a record in another locale", { locales: ["de"] }, { collection: "pages", locale: "en" }, "out_of_scope"],
    ["a record in no locale (not translated)", { locales: ["de"] }, { collection: "courses", locale: null }, "out_of_scope"],
    ["a collection-level touch under a locale scope", { locales: ["de"] }, { collection: "pages" }, "allowed"],
    ["a locale with no locales part", blog, { collection: "pages", address: "/blog/a", locale: "en" }, "allowed"],
  ])("%s → %s", (_name, scope, target, expected) => {
    expect(outcome(scope, target)).toBe(expected);
  });
});

describe("isAddressInScope", () => {
  it.each<[string[] | undefined, string | null, boolean]>([
    [undefined, "/x", true],
    [undefined, null, true],
    [["/blog/"], "/blog/", true],
    [["/blog/"], "/blog/a/b", true],
    [["/blog/"], "/blog", true],
    [["/blog/"], "/blo", false],
    [["/blog-"], "/blog-2026", true],
    [["/blog-"], "/blog", false],
    [["/a", "/blog/"], "/about", true],
    [[], "/x", false],
  ])("paths %j, address %j → %j", (paths, address, inScope) => {
    expect(isAddressInScope(paths ? { paths } : {}, address)).toBe(inScope);
  });
});

describe("readOnlyFieldsOf", () => {
  it("reads the collection's own list only", () => {
    expect(readOnlyFieldsOf({ readOnlyFields: { pages: ["slug"] } }, "pages")).toEqual(["slug"]);
    expect(readOnlyFieldsOf({ readOnlyFields: { pages: ["slug"] } }, "courses")).toEqual([]);
    expect(readOnlyFieldsOf({ readOnlyFields: { pages: ["slug"] } }, "constructor")).toEqual([]);
    expect(readOnlyFieldsOf(undefined, "pages")).toEqual([]);
  });
});
