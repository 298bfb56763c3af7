import { describe, expect, it } from "vitest";
import { isScoped, parseAccessScope, storedAccessScope } from "../../src/shared/access-scope";
import { HttpError } from "../../src/shared/errors";

function refusal(value: unknown): { status: number; code: string | undefined; paths: string[] } {
  try {
    parseAccessScope(value);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const violations = (error.details.violations ?? []) as { path: string }[];
    return { status: error.status, code: error.code, paths: violations.map((v) => v.path) };
  }
  throw new Error("expected a refusal");
}

describe("parseAccessScope", () => {
  it.each([
    [{}, {}],
    [{ collections: ["pages", "courses", "pages"] }, { collections: ["courses", "pages"] }],
    [{ paths: ["/blog/", "/a"] }, { paths: ["/a", "/blog/"] }],
    [{ readOnlyFields: { pages: ["slug", "title", "slug"], courses: [] } }, { readOnlyFields: { pages: ["slug", "title"] } }],
    [{ readOnlyFields: {} }, {}],
    [{ collections: [] }, { collections: [] }],
    [{ locales: ["de-AT", "de", "de"] }, { locales: ["de", "de-AT"] }],
  ])("%j → %j (normalized)", (input, scope) => {
    expect(parseAccessScope(input)).toEqual(scope);
  });

  it.each([
    [null, ["scopes"]],
    [[], ["scopes"]],
    ["pages", ["scopes"]],
    [{ roles: ["admin"] }, ["scopes.roles"]],
    [{ collections: "pages" }, ["scopes.collections"]],
    [{ collections: ["no spaces"] }, ["scopes.collections.0"]],
    [{ paths: ["blog/"] }, ["scopes.paths.0"]],
    [{ locales: ["German"] }, ["scopes.locales.0"]],
    [{ locales: "de" }, ["scopes.locales"]],
    [{ paths: [""] }, ["scopes.paths.0"]],
    [{ paths: ["/" + "a".repeat(200)] }, ["scopes.paths.0"]],
    [{ paths: Array.from({ length: 51 }, (_, i) => `/p${i}`) }, ["scopes.paths"]],
    [{ readOnlyFields: ["title"] }, ["scopes.readOnlyFields"]],
    [{ readOnlyFields: { pages: "title" } }, ["scopes.readOnlyFields.pages"]],
    [{ readOnlyFields: { "bad name": ["title"] } }, ["scopes.readOnlyFields"]],
    [{ collections: [1], paths: ["x"] }, ["scopes.collections.0", "scopes.paths.0"]],
  ])("%j is a 400 invalid_access_scope naming %j", (input, paths) => {
    expect(refusal(input)).toEqual({ status: 400, code: "invalid_access_scope", paths });
  });
});

describe("storedAccessScope", () => {
  it.each([
    ["{}", {}],
    ["", {}],
    [null, {}],
    ['{"collections":["pages"],"paths":["/blog/"]}', { collections: ["pages"], paths: ["/blog/"] }],
    // A damaged row narrows to nothing, never widens to everything.
    ["not json", { collections: [] }],
    ['{"paths":["no-slash"]}', { collections: [] }],
    ['["pages"]', { collections: [] }],
  ])("%j → %j", (text, scope) => {
    expect(storedAccessScope(text)).toEqual(scope);
  });
});

describe("isScoped", () => {
  it.each([
    [undefined, false],
    [{}, false],
    [{ collections: [] }, true],
    [{ paths: ["/blog/"] }, true],
    [{ readOnlyFields: { pages: ["slug"] } }, true],
    [{ locales: ["de"] }, true],
  ])("%j → %j", (scope, scoped) => {
    expect(isScoped(scope)).toBe(scoped);
  });
});
