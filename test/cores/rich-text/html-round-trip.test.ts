import { describe, expect, it } from "vitest";
import { htmlToRichDoc, richDocToHtml } from "../../../src/cores/rich-text";
import { sanitizeRichHtml } from "../../../src/cores/sanitize";

const roundTrip = (html: string): string => richDocToHtml(htmlToRichDoc(html));

/** Canonical sanitized HTML, one row per node and mark of the schema: the round trip is the identity. */
const CANONICAL: [string, string][] = [
  ["empty", ""],
  ["paragraph", "<p>Hello, world</p>"],
  ["empty paragraph between others", "<p>a</p><p></p><p>b</p>"],
  ["headings 1–4", "<h1>One</h1><h2>Two</h2><h3>Three</h3><h4>Four</h4>"],
  ["blockquote", "<blockquote><p>Quoted</p><p>twice</p></blockquote>"],
  ["code block", "<pre><code>const a = 1;\n  return a &lt; 2;</code></pre>"],
  ["code block starting with a line feed", "<pre><code>\nsecond line</code></pre>"],
  ["empty code block", "<pre><code></code></pre>"],
  ["bullet list", "<ul><li><p>one</p></li><li><p>two</p></li></ul>"],
  ["ordered list", "<ol><li><p>first</p></li><li><p>second</p></li></ol>"],
  ["nested list", "<ul><li><p>outer</p><ol><li><p>inner</p></li></ol></li></ul>"],
  ["list item with several blocks", "<ul><li><p>a</p><blockquote><p>b</p></blockquote></li></ul>"],
  ["horizontal rule", "<p>above</p><hr><p>below</p>"],
  ["hard break", "<p>line one<br>line two</p>"],
  ["inline image", '<p>see <img src="https://media.example.com/a.png" alt="A cat" width="640" height="480"> here</p>'],
  ["image with src only", '<p><img src="/media/b.webp"></p>'],
  ["figure with caption", '<figure><img src="https://media.example.com/a.png" alt="Cat"><figcaption>A <em>cat</em></figcaption></figure>'],
  ["figure without caption", '<figure><img src="https://media.example.com/a.png"></figure>'],
  ["figure with empty caption", '<figure><img src="/a.png"><figcaption></figcaption></figure>'],
  ["strong", "<p><strong>bold</strong></p>"],
  ["em", "<p><em>italic</em></p>"],
  ["underline", "<p><u>under</u></p>"],
  ["strike", "<p><s>struck</s></p>"],
  ["inline code", "<p>run <code>npm test</code> now</p>"],
  ["link", '<p><a href="https://example.com/?a=1&amp;b=2">site</a></p>'],
  ["link with title and target", '<p><a href="/about" title="About &quot;us&quot;" target="_blank" rel="noopener noreferrer">about</a></p>'],
  ["marks nest in schema order", "<p><strong><em>both</em></strong> and <strong>a<em>b</em>c</strong></p>"],
  ["mark inside a link", '<p><a href="/x">plain <strong>bold</strong></a></p>'],
  ["marks in a heading and a caption", "<h2>The <code>api</code></h2>"],
  ["escaped text", "<p>a &lt; b &amp;&amp; c &gt; d \"quoted\" it's</p>"],
  ["whitespace inside text is kept", "<p>two  spaces\nand a line feed</p>"],
  ["unicode", "<p>café naïve über 😀</p>"],
];

/** Sanitized HTML the schema cannot hold as written: normalized once, then stable. */
const NORMALIZED: [string, string, string][] = [
  ["loose text at the top", "hello", "<p>hello</p>"],
  ["loose inline content next to blocks", "a <strong>b</strong><p>c</p>d", "<p>a <strong>b</strong></p><p>c</p><p>d</p>"],
  ["whitespace between blocks", "<p>a</p>\n  <p>b</p>\n", "<p>a</p><p>b</p>"],
  ["tight list item", "<ul><li>one</li><li>two</li></ul>", "<ul><li><p>one</p></li><li><p>two</p></li></ul>"],
  ["list item starting with a list", "<ul><li><ul><li>x</li></ul></li></ul>", "<ul><li><p></p><ul><li><p>x</p></li></ul></li></ul>"],
  ["stray list items", "<li>a</li><li>b</li><p>c</p>", "<ul><li><p>a</p></li><li><p>b</p></li></ul><p>c</p>"],
  ["content between list items", "<ul>loose<li>x</li></ul>", "<ul><li><p>loose</p></li><li><p>x</p></li></ul>"],
  ["empty list", "<ul></ul><p>x</p>", "<p>x</p>"],
  ["empty blockquote", "<blockquote></blockquote>", "<blockquote><p></p></blockquote>"],
  ["pre without code", "<pre>x &lt; y</pre>", "<pre><code>x &lt; y</code></pre>"],
  ["pre loses marks, keeps breaks", "<pre><strong>a</strong><br>b</pre>", "<pre><code>a\nb</code></pre>"],
  ["pre's first line feed is the parser's", "<pre>\n\nx</pre>", "<pre><code>\nx</code></pre>"],
  ["figure without a direct image", '<figure><p><img src="/a.png"></p><figcaption>c</figcaption></figure>', '<p><img src="/a.png"></p><p>c</p>'],
  ["figure content beyond image and caption", '<figure><img src="/a.png"><p>extra</p></figure>', '<figure><img src="/a.png"></figure><p>extra</p>'],
  ["figcaption outside a figure", "<figcaption>alone</figcaption>", "<p>alone</p>"],
  ["marks nested out of schema order", "<p><em><strong>x</strong></em></p>", "<p><strong><em>x</em></strong></p>"],
  ["a mark around a break is kept on the text only", "<p><strong>a<br>b</strong></p>", "<p><strong>a</strong><br><strong>b</strong></p>"],
  ["a link around an image keeps the image only", '<p><a href="/x"><img src="/a.png"></a></p>', '<p><img src="/a.png"></p>'],
  ["legacy tags and attributes (sanitizer first)", '<div class="x"><b>b</b><i>i</i><strike>s</strike></div>', "<p><strong>b</strong><em>i</em><s>s</s></p>"],
  ["empty paragraph alone is the empty document", "<p></p>", ""],
];

describe("htmlToRichDoc / richDocToHtml", () => {
  it.each(CANONICAL)("%s round-trips unchanged", (_name, html) => {
    expect(sanitizeRichHtml(html)).toBe(html);
    expect(roundTrip(html)).toBe(html);
  });

  it.each(NORMALIZED)("%s is normalized once, then stable", (_name, input, expected) => {
    const once = roundTrip(input);
    expect(once).toBe(expected);
    expect(sanitizeRichHtml(once)).toBe(once);
    expect(roundTrip(once)).toBe(once);
  });

  it.each([...CANONICAL, ...NORMALIZED.map(([name, input]) => [name, input] as [string, string])])(
    "%s reads into a document valid under the schema",
    (_name, html) => {
      expect(() => htmlToRichDoc(html).check()).not.toThrow();
    },
  );

  it("maps every tag to the schema's node and mark names", () => {
    const doc = htmlToRichDoc(
      '<h3>t</h3><p><a href="/l" target="_blank">l</a><strong>s</strong><em>e</em><u>u</u><s>x</s><code>c</code><br><img src="/i.png"></p>' +
        '<blockquote><p>q</p></blockquote><pre><code>p</code></pre><ul><li><p>b</p></li></ul><ol><li><p>o</p></li></ol><hr>' +
        '<figure><img src="/f.png" width="10"><figcaption>f</figcaption></figure>',
    );
    const nodeNames = new Set<string>();
    const markNames = new Set<string>();
    doc.descendants((node) => {
      nodeNames.add(node.type.name);
      for (const mark of node.marks) markNames.add(mark.type.name);
    });
    expect([...nodeNames].sort()).toEqual(
      ["blockquote", "bullet_list", "code_block", "figcaption", "figure", "figure_image", "hard_break", "heading", "horizontal_rule", "image", "list_item", "ordered_list", "paragraph", "text"].sort(),
    );
    expect([...markNames].sort()).toEqual(["code", "em", "link", "strike", "strong", "underline"]);
    expect(doc.child(0).attrs).toEqual({ level: 3, "cms:split": null, "cms:join": null, "cms:retype": null });
  });

  it("keeps attribute values decoded in the document and escaped in the HTML", () => {
    const doc = htmlToRichDoc('<p><a href="/q?a=1&amp;b=2" title="&lt;T&gt;">x</a><img src="/i.png" alt="&quot;A&quot;" width="0640"></p>');
    const paragraph = doc.child(0);
    expect(paragraph.child(0).marks[0]?.attrs).toEqual({ href: "/q?a=1&b=2", title: "<T>", target: null });
    expect(paragraph.child(1).attrs).toEqual({ src: "/i.png", alt: '"A"', width: 640, height: null });
    expect(richDocToHtml(doc)).toBe('<p><a href="/q?a=1&amp;b=2" title="&lt;T&gt;">x</a><img src="/i.png" alt="&quot;A&quot;" width="640"></p>');
  });
});
