import { describe, expect, it } from "vitest";
import { sanitizeRichHtml } from "../../../src/cores/sanitize";
import { generateEditorHtml } from "../../fixtures/editor-html";
import { sanitizeRichHtml as referenceSanitize } from "../../fixtures/sanitize-reference/sanitize-rich-html";
import { XSS_VECTORS } from "../../fixtures/xss-vectors";

const MEDIA_BASE = "https://media.example.com";

/* Pieces of markup, kept, unwrapped and dropped alike, with the URLs, references and whitespace the sanitizer's rules turn on. */
const PIECES = [
  "<p>", "</p>", "<h2>", "</h2>", "<h5>", "<b>", "</b>", "<i>", "</i>", "<strike>", "<del>", "</del>", "<u>", "</u>", "<code>", "</code>",
  "<pre>", "</pre>", "<pre>\n", "<blockquote>", "</blockquote>", "<ul>", "</ul>", "<ol>", "<li>", "</li>", "<br>", "</br>", "<hr>", "<hr/>",
  "<figure>", "</figure>", "<figcaption>", "</figcaption>", "<div>", "</div>", "<span class=x>", "</span>", "<table><tr><td>", "</td>",
  "<script>alert(1)</script>", "<style>p{}</style>", "<svg><p>x</p></svg>", "<math><mi>", "</math>", "<textarea>", "</textarea>",
  "<template>", "</template>", "<form>", "</form>", "<select><option>", "<noscript>", "</noscript>", "<title>", "</title>", "<xmp>", "<plaintext>",
  "<a href=\"https://example.com/a?x=1&amp;y=2\">", "<a href=\"/pages/3\" target=\"_BLANK\" title=\"t &quot;q&quot;\">", "<a href='//evil.test/x'>",
  "<a href=\"javascript:alert(1)\">", "<a href=\"jav&#x09;ascript:x\">", "<a href=\"  HTTPS://Example.com\">", "<a href=\"/\">", "<a href=\"/%2e%2e/x\">",
  "<a href=\"&#47;/evil.test\">", "<a href=\"mailto:a@example.com\">", "<a href=\"tel:+1\">", "<a href=\"http://x\" href=\"javascript:y\">", "<a>", "</a>",
  "<img src=\"https://media.example.com/uploads/1.webp\" alt=\"a &lt;b&gt;\" width=\"0640\" height=\"10001\">", "<img src=\"https://elsewhere.test/a.png\">",
  "<img src=\"data:image/png;base64,AAAA\">", "<img src=\"/media/a.png\" width=\" 12 \">", "<img src=\"https://media.example.com/../x.png\">", "<img>", "<image src=\"/a.png\">",
  "<!-- c -->", "<!-->", "<!--->", "<!doctype html>", "<?xml x?>", "<![CDATA[x]]>", "&amp;", "&lt;", "&gt;", "&quot;", "&nbsp;", "&#0;", "&bogus;", "&",
  "<", ">", "\"", "'", "\r\n", "\r", "\n", "\u0000", "\t", " ", "word", "café naïve", "2026", "<p onclick=\"x()\">", "<P>", "</P>", "<LI>", "<A HREF=\"/x\">",
];

/* mulberry32: the same seed gives the same documents on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function soup(seed: number, pieces: number): string {
  const next = random(seed);
  let html = "";
  for (let i = 0; i < pieces; i++) html += PIECES[Math.floor(next() * PIECES.length)];
  // Now and then cut the document inside a tag, an attribute or a reference.
  return next() < 0.3 ? html.slice(0, Math.floor(next() * html.length)) : html;
}

function expectSameAsReference(html: string): void {
  expect(sanitizeRichHtml(html)).toBe(referenceSanitize(html));
  expect(sanitizeRichHtml(html, { mediaBase: MEDIA_BASE })).toBe(referenceSanitize(html, { mediaBase: MEDIA_BASE }));
}

describe("sanitizeRichHtml against its reference", () => {
  it("gives the reference's output on editor HTML of every size", () => {
    for (const bytes of [0, 200, 8 * 1024, 64 * 1024]) for (const seed of [1, 7, 42]) expectSameAsReference(generateEditorHtml(bytes, { seed, mediaBase: MEDIA_BASE }));
  });

  it("gives the reference's output on the attack corpus", () => {
    for (const vector of XSS_VECTORS) {
      expect(sanitizeRichHtml(vector.input, { mediaBase: vector.mediaBase }), vector.name).toBe(referenceSanitize(vector.input, { mediaBase: vector.mediaBase }));
      expectSameAsReference(`<ul><li><p>${vector.input}</p></li></ul>`);
    }
  });

  it("gives the reference's output on 3,000 random tag soups", () => {
    for (let seed = 1; seed <= 3000; seed++) {
      const html = soup(seed, 1 + (seed % 60));
      expect(sanitizeRichHtml(html), `seed ${seed}`).toBe(referenceSanitize(html));
      expect(sanitizeRichHtml(html, { mediaBase: MEDIA_BASE }), `seed ${seed} with mediaBase`).toBe(referenceSanitize(html, { mediaBase: MEDIA_BASE }));
    }
  });

  it("gives the reference's output past the depth limit", () => {
    expectSameAsReference("<b>".repeat(600) + "lost");
    expectSameAsReference("<ul><li>".repeat(300) + "x");
  });
});
