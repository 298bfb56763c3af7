import { describe, expect, it } from "vitest";
import { normalizeLinkAddress, REFUSED_ADDRESS } from "../../src/shared/link-address";
import { nearestLevel, pastedLevelMap, readHeadingLevels } from "../../src/client/rich/heading-levels";
import { isSafeUrl } from "../../src/shared/safe-url";

describe("normalizeLinkAddress", () => {
  it.each([
    ["example.com", "https://example.com"],
    ["  example.com/contact  ", "https://example.com/contact"],
    ["www.example.co.uk:8080/a?b=1#c", "https://www.example.co.uk:8080/a?b=1#c"],
    ["https://example.com/x", "https://example.com/x"],
    ["HTTP://EXAMPLE.COM", "HTTP://EXAMPLE.COM"],
    ["hello@example.com", "mailto:hello@example.com"],
    ["mailto:hello@example.com?subject=Hi", "mailto:hello@example.com?subject=Hi"],
    ["tel:+1-555-0100", "tel:+1-555-0100"],
    ["/about", "/about"],
    ["#team", "#team"],
    ["?page=2", "?page=2"],
    ["../up", "../up"],
  ])("turns %j into %j", (typed, href) => {
    expect(normalizeLinkAddress(typed)).toEqual({ href });
  });

  it.each([
    "javascript:alert(1)",
    " JaVaScRiPt:alert(1)",
    "jav&#x09;ascript:alert(1)",
    "&#106;avascript:alert(1)",
    "java\tscript:alert(1)",
    "\u0001javascript:alert(1)",
    "java\u200bscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
    "localhost:8787/x",
  ])("refuses %j with the rule's message", (typed) => {
    expect(normalizeLinkAddress(typed)).toEqual({ error: REFUSED_ADDRESS });
  });

  it.each(["", "   ", "contact", "two words.com", "https://exa mple.com"])("asks again for %j", (typed) => {
    const result = normalizeLinkAddress(typed);
    expect("error" in result && result.error !== REFUSED_ADDRESS).toBe(true);
  });

  it("never hands over an address the room's rule refuses", () => {
    for (const typed of ["example.com", "a@b.co", "/x", "tel:1", "javascript:x", "//evil.test/x", "%6aavascript:x"]) {
      const result = normalizeLinkAddress(typed);
      if ("href" in result) expect(isSafeUrl(result.href, "href")).toBe(true);
    }
  });
});

describe("heading levels", () => {
  it.each([
    [null, [2, 3, 4]],
    ["2-3", [2, 3]],
    ["1-4", [1, 2, 3, 4]],
    ["3, 2", [2, 3]],
    ["5-6", [2, 3, 4]],
    ["nonsense", [2, 3, 4]],
  ])("reads %j as %j", (attribute, levels) => {
    expect(readHeadingLevels(attribute)).toEqual(levels);
  });

  it("brings a markdown level into the allowed ones", () => {
    expect([1, 2, 3, 4, 6].map((level) => nearestLevel(level, [2, 3]))).toEqual([2, 2, 3, 3, 3]);
  });

  it("moves a pasted outline down onto the field's top level, never up, keeping its shape", () => {
    const fromDocument = pastedLevelMap([1, 2, 3], [2, 3, 4]);
    expect([1, 2, 3].map(fromDocument)).toEqual([2, 3, 4]);
    const fromSubsection = pastedLevelMap([3, 4], [2, 3, 4]);
    expect([3, 4].map(fromSubsection)).toEqual([3, 4]);
    const deep = pastedLevelMap([1, 5, 6], [2, 3]);
    expect([1, 5, 6].map(deep)).toEqual([2, 3, 3]);
  });
});
