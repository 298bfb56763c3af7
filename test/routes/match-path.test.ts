import { describe, expect, it } from "vitest";
import { matchPath } from "../../src/routes/match-path";

describe("matchPath", () => {
  it.each([
    ["/api/cms/pages", "/api/cms/pages", {}],
    ["/api/cms/pages", "/api/cms/pages/", {}],
    ["/api/cms/pages/:id", "/api/cms/pages/12", { id: "12" }],
    ["/api/cms/pages/:id/versions", "/api/cms/pages/7/versions", { id: "7" }],
    ["/api/cms/forms/:name", "/api/cms/forms/contact%20us", { name: "contact us" }],
  ])("%s matches %s", (pattern, path, params) => {
    expect(matchPath(pattern, path)).toEqual(params);
  });

  it.each([
    ["/api/cms/pages/:id", "/api/cms/pages/12/versions"],
    ["/api/cms/pages/:id", "/api/cms/pages"],
    ["/api/cms/pages/:id", "/api/cms/pages//"],
    ["/api/cms/pages", "/api/cms/page"],
    ["/api/cms/forms/:name", "/api/cms/forms/%E0%A4%A"],
  ])("%s does not match %s", (pattern, path) => {
    expect(matchPath(pattern, path)).toBeNull();
  });
});
