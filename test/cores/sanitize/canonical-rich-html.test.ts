import { describe, expect, it } from "vitest";
import { MAX_RICH_HTML_DEPTH, sanitizeRichHtml } from "../../../src/cores/sanitize";
import { isCanonicalRichHtml } from "../../../src/cores/sanitize/canonical-rich-html";
import { sanitizeParsed } from "../../../src/cores/sanitize/sanitize-rich-html";
import { generateEditorHtml, mulberry32 } from "../../fixtures/editor-html";
import { sanitizeCaseGroups } from "../../fixtures/sanitize-cases";

const MEDIA_BASE = "https://media.example.com";
const canonical = (html: string, mediaBase?: string) => isCanonicalRichHtml(html, mediaBase, MAX_RICH_HTML_DEPTH);

/* Edits that each break the sanitizer's form somewhere: characters and pieces of markup it rewrites. */
const EDITS = ["<", ">", "&", '"', "\r", "\u0000", "\n", " ", "/", "<b>", "</p>", "<p>", "<li>", "<br/>", "</br>", "<a href=\"/x\">", "&quot;", "&nbsp;", "<!---->", "A", "=", "'"];

/* Seeded single edits of a document: an insertion, a deletion or a replacement at a random place. */
function mutations(html: string, seed: number, count: number): string[] {
  const next = mulberry32(seed);
  return Array.from({ length: count }, () => {
    const at = Math.floor(next() * (html.length + 1));
    const edit = EDITS[Math.floor(next() * EDITS.length)]!;
    const roll = next();
    if (roll < 0.4) return html.slice(0, at) + edit + html.slice(at);
    if (roll < 0.7) return html.slice(0, at) + html.slice(at + 1 + Math.floor(next() * 8));
    return html.slice(0, at) + edit + html.slice(at + edit.length);
  });
}

describe("input already in sanitized form skips the parse", () => {
  it("is recognized in the editor's HTML at every size, with and without a media base", () => {
    for (const bytes of [200, 8 * 1024, 64 * 1024]) {
      for (const seed of [1, 7, 42]) {
        const html = generateEditorHtml(bytes, { seed, mediaBase: MEDIA_BASE });
        expect(canonical(html)).toBe(true);
        expect(canonical(html, MEDIA_BASE)).toBe(true);
        expect(canonical(html, "https://other.example.com")).toBe(html.includes("<img") ? false : true);
      }
    }
  });

  // The check may refuse a document in sanitized form, never accept one the parse would change.
  it("accepts only input the full sanitizer returns unchanged: recorded inputs, their outputs and seeded edits of both", () => {
    let accepted = 0;
    let checked = 0;
    const hold = (html: string, mediaBase: string | undefined) => {
      checked++;
      if (!canonical(html, mediaBase)) return;
      accepted++;
      expect(sanitizeParsed(html, mediaBase === undefined ? {} : { mediaBase })).toBe(html);
    };
    let seed = 1;
    for (const cases of Object.values(sanitizeCaseGroups())) {
      for (const { html, mediaBase } of cases) {
        const sanitized = sanitizeParsed(html, mediaBase === undefined ? {} : { mediaBase });
        for (const input of [html, sanitized, ...mutations(sanitized, seed++, 4)]) {
          hold(input, mediaBase);
          hold(input, mediaBase === undefined ? MEDIA_BASE : undefined);
        }
      }
    }
    for (const bytes of [300, 2000, 8 * 1024]) {
      for (let docSeed = 1; docSeed <= 20; docSeed++) {
        for (const input of mutations(generateEditorHtml(bytes, { seed: docSeed, mediaBase: MEDIA_BASE }), seed++, 40)) {
          hold(input, undefined);
          hold(input, MEDIA_BASE);
        }
      }
    }
    // Enough of both kinds went through for the property to mean something.
    expect(accepted).toBeGreaterThan(5_000);
    expect(checked - accepted).toBeGreaterThan(5_000);
  });

  it.each([
    ["<p>a <b>b</b></p>", "an alias"],
    ["<P>a</P>", "an upper-case name"],
    ["<p>a<br/></p>", "a self-closed void element"],
    ["<p>a</br></p>", "an end tag of a void element"],
    ["<p>a &quot;b&quot;</p>", "a reference the writer does not use in text"],
    ["<p>a > b</p>", "a raw >"],
    ["<p>a\r\nb</p>", "a carriage return"],
    ["<pre>\nx</pre>", "a line feed right after <pre>"],
    ["<p><p>x</p></p>", "a block inside a text block"],
    ["<ul><li><li>x</li></li></ul>", "a list item directly in a list item"],
    ["<strong><p>x</p></strong>", "a block inside an inline mark"],
    ['<a href="/a"><a href="/b">x</a></a>', "a link in a link"],
    ['<a href="/a" target="_blank">x</a>', "a target without its rel"],
    ['<a title="t" href="/a">x</a>', "attributes out of order"],
    ['<a href=" /a">x</a>', "an untrimmed href"],
    ['<a href="javascript:x">x</a>', "an unsafe href"],
    ['<a href="//evil.test/x">x</a>', "a protocol-relative href"],
    ['<img src="https://media.example.com/a.png" width="0640">', "a dimension with a leading zero"],
    ['<img src="https://elsewhere.test/a.png">', "an image outside the media base"],
    ["<p>x", "an element left open"],
    ["<!-- c --><p>x</p>", "a comment"],
  ])("refuses %j (%s), which the sanitizer rewrites", (html) => {
    expect(canonical(html, MEDIA_BASE)).toBe(false);
    expect(sanitizeRichHtml(html, { mediaBase: MEDIA_BASE })).toBe(sanitizeParsed(html, { mediaBase: MEDIA_BASE }));
    expect(sanitizeParsed(html, { mediaBase: MEDIA_BASE })).not.toBe(html);
  });

  it("refuses a document as deep as the depth limit, where the parse stops reading", () => {
    const deep = "<blockquote>".repeat(MAX_RICH_HTML_DEPTH) + "x" + "</blockquote>".repeat(MAX_RICH_HTML_DEPTH);
    expect(canonical(deep)).toBe(false);
    expect(sanitizeRichHtml(deep)).toBe(sanitizeParsed(deep));
  });
});
