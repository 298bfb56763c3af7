import { describe, expect, it } from "vitest";
import { formatFieldAddress, parseFieldAddress } from "../../src/shared/field-address";

describe("parseFieldAddress", () => {
  it.each([
    ["pages:1:title", { collection: "pages", key: "1", field: "title", path: ["title"] }],
    ["pages:1:sections.2.heading", { collection: "pages", key: "1", field: "sections.2.heading", path: ["sections", 2, "heading"] }],
    ["settings:site:site_name", { collection: "settings", key: "site", field: "site_name", path: ["site_name"] }],
    ["pages:home-page:items.0", { collection: "pages", key: "home-page", field: "items.0", path: ["items", 0] }],
  ])("parses %s", (address, expected) => {
    expect(parseFieldAddress(address)).toEqual(expected);
  });

  it.each(["", "pages:1", "pages:1:title:x", "pages::title", ":1:title", "pages:1:0.title", "pages:1:title..x", "pages:1:title.01", "pa ges:1:title", "pages:1:__proto__x.1.\u0000", "pages:1:__proto__.polluted", "pages:1:sections.constructor"])(
    "refuses %j",
    (address) => {
      expect(parseFieldAddress(address)).toBeNull();
    },
  );

  it("round-trips with formatFieldAddress", () => {
    expect(parseFieldAddress(formatFieldAddress("pages", 7, "sections.1.text"))?.path).toEqual(["sections", 1, "text"]);
  });
});
