import { describe, expect, it } from "vitest";
import { isSafeLinkUrl, isSafeUrl } from "../../src/shared/safe-url";

describe("isSafeLinkUrl", () => {
  it.each(["/about", "about", "#top", "?page=2", "https://example.com/x", "mailto:a@example.test", "/a//b"])("accepts %s", (url) => {
    expect(isSafeLinkUrl(url)).toBe(true);
  });

  it.each(["//evil.test/x", "\\\\evil.test/x", "/\\evil.test", " //evil.test", "\t//evil.test", "&#47;/evil.test", "javascript:alert(1)", ""])(
    "refuses %j",
    (url) => {
      expect(isSafeLinkUrl(url)).toBe(false);
    },
  );

  it("leaves isSafeUrl as it was: a protocol-relative URL passes the scheme rule", () => {
    expect(isSafeUrl("//cdn.example.com/a.png", "src")).toBe(true);
    expect(isSafeUrl("//evil.test/x", "href")).toBe(true);
  });
});
