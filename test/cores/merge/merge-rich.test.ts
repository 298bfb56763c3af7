import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { mergeRichInto } from "../../../src/cores/merge";
import { fragmentToHtml, writeHtmlToFragment } from "../../../src/cores/rich-text";

/** A fragment holding `base`, then changed by `live` as an editor would (through Yjs ops). */
function liveFragment(base: string, live: (fragment: Y.XmlFragment) => void): Y.XmlFragment {
  const fragment = new Y.Doc().getXmlFragment("body");
  writeHtmlToFragment(base, fragment);
  live(fragment);
  return fragment;
}

function paragraph(text: string): Y.XmlElement {
  const element = new Y.XmlElement("paragraph");
  element.insert(0, [new Y.XmlText(text)]);
  return element;
}

function typeInto(fragment: Y.XmlFragment, block: number, at: number, text: string): void {
  ((fragment.get(block) as Y.XmlElement).get(0) as Y.XmlText).insert(at, text);
}

describe("mergeRichInto: block-level three-way merge", () => {
  it("a writer that read the live paragraph and added one gets the live one once", () => {
    const fragment = liveFragment("<p>A</p>", (f) => f.insert(1, [paragraph("Live")]));
    expect(mergeRichInto(fragment, "<p>A</p>", "<p>A</p><p>Live</p><p>Mine</p>")).toBe(0);
    expect(fragmentToHtml(fragment)).toBe("<p>A</p><p>Live</p><p>Mine</p>");
  });

  it("a REST body save keeps a paragraph live editors added (issue: 252 lost edits)", () => {
    const fragment = liveFragment("<p>Hello</p>", (f) => f.insert(1, [paragraph("live paragraph")]));
    expect(mergeRichInto(fragment, "<p>Hello</p>", "<p>REST body</p>")).toBe(0);
    expect(fragmentToHtml(fragment)).toBe("<p>REST body</p><p>live paragraph</p>");
  });

  it("live typing inside one paragraph survives a writer's change to another", () => {
    const base = "<p>one</p><p>two</p><p>three</p>";
    const fragment = liveFragment(base, (f) => typeInto(f, 0, 3, " live"));
    expect(mergeRichInto(fragment, base, "<p>one</p><p>two</p><p>three <strong>bold</strong></p><ul><li><p>item</p></li></ul>")).toBe(0);
    expect(fragmentToHtml(fragment)).toBe("<p>one live</p><p>two</p><p>three <strong>bold</strong></p><ul><li><p>item</p></li></ul>");
  });

  it("a writer's deletion of a block keeps live blocks around it", () => {
    const base = "<p>a</p><p>b</p><p>c</p>";
    const fragment = liveFragment(base, (f) => f.insert(0, [paragraph("first")]));
    expect(mergeRichInto(fragment, base, "<p>a</p><p>c</p>")).toBe(0);
    expect(fragmentToHtml(fragment)).toBe("<p>first</p><p>a</p><p>c</p>");
  });

  it("a block both sides changed keeps the live version and counts a conflict", () => {
    const base = "<p>shared</p><p>other</p>";
    const fragment = liveFragment(base, (f) => typeInto(f, 0, 0, "live "));
    expect(mergeRichInto(fragment, base, "<p>writer</p><p>other!</p>")).toBe(1);
    expect(fragmentToHtml(fragment)).toBe("<p>live shared</p><p>other!</p>");
  });

  it("an empty field takes the writer's content", () => {
    const fragment = new Y.Doc().getXmlFragment("body");
    expect(mergeRichInto(fragment, "", "<h2>Title</h2><p>text</p>")).toBe(0);
    expect(fragmentToHtml(fragment)).toBe("<h2>Title</h2><p>text</p>");
  });

  it("content the writer did not change is left as the live editors have it", () => {
    const base = "<p>keep</p>";
    const fragment = liveFragment(base, (f) => typeInto(f, 0, 4, " 😀 typed"));
    expect(mergeRichInto(fragment, base, base)).toBe(0);
    expect(fragmentToHtml(fragment)).toBe("<p>keep 😀 typed</p>");
  });
});
