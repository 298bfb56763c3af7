import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { fragmentToHtml, htmlToRichDoc, richDocToHtml, writeHtmlToFragment } from "../../../src/cores/rich-text";
import { sanitizeRichHtml } from "../../../src/cores/sanitize";
import { XSS_VECTORS } from "../../fixtures/xss-vectors";

const viaYjs = (html: string): string => {
  const fragment = new Y.Doc().getXmlFragment("body");
  writeHtmlToFragment(html, fragment);
  return fragmentToHtml(fragment);
};

const sync = (a: Y.Doc, b: Y.Doc): void => {
  Y.applyUpdate(b, Y.encodeStateAsUpdate(a, Y.encodeStateVector(b)));
  Y.applyUpdate(a, Y.encodeStateAsUpdate(b, Y.encodeStateVector(a)));
};

const ALL_NODES_AND_MARKS =
  '<h1>T</h1><h4>t <code>c</code></h4><p>a <strong>b <em>c</em></strong> <u>u</u> <s>s</s> <a href="/x" title="X" target="_blank" rel="noopener noreferrer">link</a><br>' +
  'next <img src="https://media.example.com/a.png" alt="A" width="20" height="10"></p><blockquote><p>q</p></blockquote>' +
  "<pre><code>x &lt; 1\n  y</code></pre><ul><li><p>one</p><ol><li><p>two</p></li></ol></li></ul><hr>" +
  '<figure><img src="/f.png" alt="F"><figcaption>cap <em>tion</em></figcaption></figure><p></p>';

const ROWS: [string, string][] = [
  ["empty", ""],
  ["every node and mark", ALL_NODES_AND_MARKS],
  ["loose text (normalized)", "hello <b>there</b>"],
  ["tight list (normalized)", "<ol><li>a</li><li>b</li></ol>"],
  ["pre with a leading line feed", "<pre>\n\nx</pre>"],
];

describe("writeHtmlToFragment / fragmentToHtml", () => {
  it.each(ROWS)("%s: the Yjs round trip equals the direct one", (_name, html) => {
    const direct = richDocToHtml(htmlToRichDoc(html));
    expect(viaYjs(html)).toBe(direct);
    expect(viaYjs(direct)).toBe(direct);
    expect(sanitizeRichHtml(direct)).toBe(direct);
  });

  it("stores the document the y-prosemirror way: one element per node, marks as text formatting", () => {
    const fragment = new Y.Doc().getXmlFragment("body");
    writeHtmlToFragment('<h2>Hi <a href="/x">you</a></h2>', fragment);
    const heading = fragment.get(0) as Y.XmlElement;
    expect(heading.nodeName).toBe("heading");
    expect(heading.getAttribute("level")).toBe(2);
    expect((heading.get(0) as Y.XmlText).toDelta()).toEqual([
      { insert: "Hi " },
      { insert: "you", attributes: { link: { href: "/x", title: null, target: null } } },
    ]);
  });

  it("replaces earlier content, keeping unchanged leading blocks in place", () => {
    const doc = new Y.Doc();
    const fragment = doc.getXmlFragment("body");
    writeHtmlToFragment("<p>keep</p><p>old</p>", fragment);
    const first = fragment.get(0);
    writeHtmlToFragment("<p>keep</p><h2>new</h2><p>more</p>", fragment);
    expect(fragmentToHtml(fragment)).toBe("<p>keep</p><h2>new</h2><p>more</p>");
    expect(fragment.get(0)).toBe(first);
    writeHtmlToFragment("", fragment);
    expect(fragmentToHtml(fragment)).toBe("");
  });

  it("makes one transaction per write", () => {
    const doc = new Y.Doc();
    let updates = 0;
    doc.on("update", () => updates++);
    writeHtmlToFragment(ALL_NODES_AND_MARKS, doc.getXmlFragment("body"));
    expect(updates).toBe(1);
  });

  it("two documents exchanging updates converge on the same HTML", () => {
    const a = new Y.Doc();
    const b = new Y.Doc();
    writeHtmlToFragment("<p>shared</p><p>start</p>", a.getXmlFragment("body"));
    sync(a, b);
    // Concurrent edits: a rewrites the first block, b appends one.
    writeHtmlToFragment("<h2>shared</h2><p>start</p>", a.getXmlFragment("body"));
    writeHtmlToFragment("<p>shared</p><p>start</p><blockquote><p>from b</p></blockquote>", b.getXmlFragment("body"));
    sync(a, b);
    const html = fragmentToHtml(a.getXmlFragment("body"));
    expect(fragmentToHtml(b.getXmlFragment("body"))).toBe(html);
    expect(html).toBe("<h2>shared</h2><p>start</p><blockquote><p>from b</p></blockquote>");
  });

  it.each(XSS_VECTORS.map((vector) => [vector.name, vector] as const))("hostile input (%s) comes out sanitized", (_name, vector) => {
    const fragment = new Y.Doc().getXmlFragment("body");
    writeHtmlToFragment(vector.input, fragment);
    const html = fragmentToHtml(fragment, { mediaBase: vector.mediaBase });
    expect(sanitizeRichHtml(html, { mediaBase: vector.mediaBase })).toBe(html);
    for (const bad of vector.forbidden) expect(html.toLowerCase()).not.toContain(bad.toLowerCase());
  });

  it("a peer's hostile fragment is read without being changed, and written out sanitized", () => {
    const doc = new Y.Doc();
    const fragment = doc.getXmlFragment("body");
    const script = new Y.XmlElement("script");
    script.insert(0, [new Y.XmlText("alert(1)")]);
    const paragraph = new Y.XmlElement("paragraph");
    const text = new Y.XmlText();
    text.insert(0, "click", { link: { href: "javascript:alert(1)" }, onclick: true });
    const image = new Y.XmlElement("image");
    image.setAttribute("src", "javascript:alert(2)");
    paragraph.insert(0, [text, image]);
    const heading = new Y.XmlElement("heading");
    heading.setAttribute("level", "9");
    heading.insert(0, [new Y.XmlText("<b>x</b>")]);
    const loose = new Y.XmlText("loose text");
    fragment.insert(0, [script, paragraph, heading, loose]);
    const before = Y.encodeStateAsUpdate(doc);

    const html = fragmentToHtml(fragment);
    expect(html).toBe("<p>alert(1)</p><p>click</p><h4>&lt;b&gt;x&lt;/b&gt;</h4><p>loose text</p>");
    expect(Y.encodeStateAsUpdate(doc)).toEqual(before);
  });

  it("writing over a peer's hostile fragment leaves exactly the new content", () => {
    const fragment = new Y.Doc().getXmlFragment("body");
    const script = new Y.XmlElement("script");
    script.insert(0, [new Y.XmlText("alert(1)")]);
    fragment.insert(0, [script, new Y.XmlText("loose")]);
    writeHtmlToFragment("<p>clean</p>", fragment);
    expect(fragment.length).toBe(1);
    expect(fragmentToHtml(fragment)).toBe("<p>clean</p>");
  });

  it("applies the strict media rule when given a media base", () => {
    const fragment = new Y.Doc().getXmlFragment("body");
    writeHtmlToFragment('<p><img src="https://elsewhere.test/a.png"><img src="https://media.example.com/b.png"></p>', fragment);
    expect(fragmentToHtml(fragment, { mediaBase: "https://media.example.com" })).toBe('<p><img src="https://media.example.com/b.png"></p>');
  });
});
