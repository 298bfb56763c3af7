import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { fragmentToHtml, fragmentToRichDoc, htmlToRichDoc, richDocToHtml, writeHtmlToFragment } from "../../../src/cores/rich-text";
import { MAX_RICH_HTML_DEPTH } from "../../../src/cores/sanitize";

/* A fragment nesting `depth` blockquotes around one paragraph, built top-down so Yjs integrates each level at once. */
function nestedFragment(depth: number): Y.XmlFragment {
  const doc = new Y.Doc();
  const fragment = doc.getXmlFragment("body");
  doc.transact(() => {
    let parent: Y.XmlFragment | Y.XmlElement = fragment;
    for (let i = 0; i < depth; i++) {
      const child = new Y.XmlElement("blockquote");
      parent.insert(0, [child]);
      parent = child;
    }
    const paragraph = new Y.XmlElement("paragraph");
    parent.insert(0, [paragraph]);
    paragraph.insert(0, [new Y.XmlText("deep")]);
  });
  return fragment;
}

function docDepth(html: string): number {
  return (html.match(/<blockquote>/g) ?? []).length;
}

describe("deeply nested rich text converts without overflowing the stack", () => {
  it("a fragment of 20,000 nested blockquotes converts, cut off at MAX_RICH_HTML_DEPTH", () => {
    const fragment = nestedFragment(20_000);
    expect(() => fragmentToRichDoc(fragment)).not.toThrow();
    const html = fragmentToHtml(fragment);
    expect(docDepth(html)).toBeGreaterThan(0);
    expect(docDepth(html)).toBeLessThanOrEqual(MAX_RICH_HTML_DEPTH);
  });

  it("a fragment within the limit keeps everything", () => {
    const html = fragmentToHtml(nestedFragment(40));
    expect(docDepth(html)).toBe(40);
    expect(html).toContain("<p>deep</p>");
  });

  it("HTML of 20,000 nested blockquotes goes to a Yjs fragment and back", () => {
    const html = "<blockquote>".repeat(20_000) + "<p>deep</p>";
    const fragment = new Y.Doc().getXmlFragment("body");
    expect(() => writeHtmlToFragment(html, fragment)).not.toThrow();
    const back = fragmentToHtml(fragment);
    expect(docDepth(back)).toBeLessThanOrEqual(MAX_RICH_HTML_DEPTH);
    expect(() => richDocToHtml(htmlToRichDoc(back))).not.toThrow();
  });
});
