import { describe, expect, it } from "vitest";
import { isMediaUrl, isSafeUrl, mediaKeyOf } from "../../../src/cores/sanitize";

describe("isSafeUrl", () => {
  it.each([
    ["https://example.com/a?b=1&c=2#d", "href"],
    ["http://example.com", "href"],
    ["HTTPS://EXAMPLE.COM", "href"],
    ["mailto:someone@example.com", "href"],
    ["tel:+1-555-0100", "href"],
    ["TEL:+15550100", "href"],
    ["/about", "href"],
    ["about", "href"],
    ["../up/one", "href"],
    ["?page=2", "href"],
    ["#section", "href"],
    ["//cdn.example.com/a.png", "src"],
    ["images/a.png", "src"],
    ["path/with:colon-after-slash", "href"],
    ["  https://example.com  ", "href"],
  ] as const)("accepts %s as %s", (url, kind) => {
    expect(isSafeUrl(url, kind)).toBe(true);
  });

  it.each([
    ["javascript:alert(1)", "href"],
    ["JAVASCRIPT:alert(1)", "href"],
    ["jav&#x09;ascript:alert(1)", "href"],
    ["&#106;avascript:alert(1)", "href"],
    ["&#x6A;avascript&#x3A;alert(1)", "href"],
    ["javascript&colon;alert(1)", "href"],
    ["java&Tab;script:alert(1)", "href"],
    ["java\u0000script:alert(1)", "href"],
    ["\u0001 \u001f javascript:alert(1)", "href"],
    ["java\nscript:alert(1)", "href"],
    ["java\u200bscript:alert(1)", "href"],
    ["\u00a0javascript:alert(1)", "href"],
    ["vbscript:msgbox(1)", "href"],
    ["data:text/html,<script>alert(1)</script>", "href"],
    ["data:image/png;base64,AAAA", "src"],
    ["file:///etc/passwd", "src"],
    ["blob:https://example.com/uuid", "src"],
    ["mailto:someone@example.com", "src"],
    ["tel:+15550100", "src"],
    ["telx:1", "href"],
    ["x:alert(1)", "src"],
    ["httpx://example.com", "href"],
    ["mailtox:a", "href"],
    ["", "href"],
    ["   ", "src"],
  ] as const)("refuses %j as %s", (url, kind) => {
    expect(isSafeUrl(url, kind)).toBe(false);
  });

  it("refuses a value that is not a string", () => {
    expect(isSafeUrl(42 as unknown as string, "href")).toBe(false);
  });
});

describe("isMediaUrl", () => {
  it.each([
    ["https://media.example.com/a.png", "https://media.example.com"],
    ["https://media.example.com/uploads/a.png?w=100", "https://media.example.com/"],
    ["http://localhost:8787/media/a.png", "http://localhost:8787/media"],
    ["http://localhost:8787/media/2026/a.png", "http://localhost:8787/media/"],
    ["/media/a.png", "/media"],
    ["//media.example.com/a.png", "https://media.example.com"],
  ])("accepts %s under %s", (url, base) => {
    expect(isMediaUrl(url, base)).toBe(true);
  });

  it.each([
    ["https://media.example.com.evil.test/x.png", "https://media.example.com"],
    ["https://evil.test/https://media.example.com/x.png", "https://media.example.com"],
    ["https://media.example.com@evil.test/x.png", "https://media.example.com"],
    ["https://user:pw@media.example.com/x.png", "https://media.example.com"],
    ["https://media.example.com/../x", "https://media.example.com"],
    ["https://media.example.com/./x", "https://media.example.com"],
    ["http://localhost:8787/media/../admin.png", "http://localhost:8787/media"],
    ["http://localhost:8787/media/%2E%2e/admin.png", "http://localhost:8787/media"],
    ["http://localhost:8787/media/..%2fadmin.png", "http://localhost:8787/media"],
    ["http://localhost:8787/media\\..\\admin.png", "http://localhost:8787/media"],
    ["http://localhost:8787/mediaevil/x.png", "http://localhost:8787/media"],
    ["http://localhost:8787/media", "http://localhost:8787/media"],
    ["http://localhost:8787/media/", "http://localhost:8787/media"],
    ["http://media.example.com/a.png", "https://media.example.com"],
    ["https://media.example.com:8443/a.png", "https://media.example.com"],
    ["/a.png", "https://media.example.com"],
    ["javascript:alert(1)//media.example.com/a.png", "https://media.example.com"],
    ["https://media.example.com/a.png", "javascript:alert(1)"],
    ["https://media.example.com/a.png", "not a url at all://"],
  ])("refuses %s under %s", (url, base) => {
    expect(isMediaUrl(url, base)).toBe(false);
  });
});

describe("mediaKeyOf: the one reading of a media address, for the media rule and the in-use check", () => {
  const BASE = "http://localhost:8787/media";
  it.each([
    ["http://localhost:8787/media/a.png", "a.png"],
    ["HTTP://LOCALHOST:8787/media/a.png", "a.png"],
    ["http://LocalHost:8787/media/a.png#top", "a.png"],
    ["http://localhost:8787/media//a.png?w=2", "a.png"],
    ["http://localhost:8787//media/scope//a.png", "scope/a.png"],
    ["http://localhost:8787/media\\a.png", "a.png"],
    ["/media/a.png", null],
    ["http://localhost:8788/media/a.png", null],
    ["http://localhost:8787/media/", null],
    ["http://localhost:8787/media/%61.png", null],
    ["http://localhost:8787/media-x/a.png", null],
  ])("mediaKeyOf(%j) is %j", (url, key) => {
    expect(mediaKeyOf(url, BASE)).toBe(key);
    expect(isMediaUrl(url, BASE)).toBe(key !== null);
  });

  it("reads a path on the site against an absolute base only when asked (an in-use check)", () => {
    expect(mediaKeyOf("/media//a.png", BASE, { orRelative: true })).toBe("a.png");
    expect(mediaKeyOf("//evil.test/media/a.png", BASE, { orRelative: true })).toBeNull();
  });
});
