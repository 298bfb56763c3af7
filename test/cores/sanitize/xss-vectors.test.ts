import { describe, expect, it } from "vitest";
import { sanitizeRichHtml } from "../../../src/cores/sanitize";
import { XSS_VECTORS } from "../../fixtures/xss-vectors";
import { findOutputViolations } from "./check-output";

describe("sanitizeRichHtml against the attack corpus", () => {
  it.each(XSS_VECTORS.map((vector) => [vector.name, vector] as const))("%s", (_name, vector) => {
    const options = vector.mediaBase === undefined ? {} : { mediaBase: vector.mediaBase };
    const output = sanitizeRichHtml(vector.input, options);

    expect(findOutputViolations(output, vector.mediaBase)).toEqual([]);
    for (const needle of vector.forbidden) expect(output.toLowerCase()).not.toContain(needle.toLowerCase());
    if (vector.expected !== undefined) expect(output).toBe(vector.expected);
    expect(sanitizeRichHtml(output, options)).toBe(output);
  });

  it("keeps the whole corpus safe when it arrives as one document", () => {
    const output = sanitizeRichHtml(XSS_VECTORS.map((vector) => vector.input).join("\n"));
    expect(findOutputViolations(output)).toEqual([]);
    expect(sanitizeRichHtml(output)).toBe(output);
  });

  it("keeps each vector safe inside allowed markup", () => {
    for (const vector of XSS_VECTORS) {
      const output = sanitizeRichHtml(`<ul><li><p><strong>${vector.input}</strong></p></li></ul>`);
      expect(findOutputViolations(output), vector.name).toEqual([]);
      expect(sanitizeRichHtml(output), vector.name).toBe(output);
    }
  });
});

describe("the output checker", () => {
  it.each([
    ["a tag off the allowlist", "<p><span>x</span></p>"],
    ["an attribute off the allowlist", '<p class="x">y</p>'],
    ["an unsafe href", '<a href="javascript:alert(1)">x</a>'],
    ["an image off the media base", '<img src="https://evil.test/x.png">'],
    ["target without rel", '<a href="/a" target="_blank">x</a>'],
    ["an oversized width", '<img src="/a.png" width="10001">'],
    ["a comment", "<!-- x -->"],
    ["an unescaped <", "a < b"],
    ["an unescaped &", "a & b"],
    ["an entity the serializer never writes", "&#106;"],
  ])("flags %s", (_name, html) => {
    expect(findOutputViolations(html, "https://media.example.com")).not.toEqual([]);
  });

  it("accepts clean output", () => {
    const html = '<p>a &amp; b <a href="/x" target="_blank" rel="noopener noreferrer">c</a></p><img src="https://media.example.com/a.png" width="10">';
    expect(findOutputViolations(html, "https://media.example.com")).toEqual([]);
  });
});
