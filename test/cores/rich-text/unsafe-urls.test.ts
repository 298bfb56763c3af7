import type { Mark, Node } from "prosemirror-model";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { fragmentToHtml, fragmentToRichDoc } from "../../../src/cores/rich-text";
import { richSchema } from "../../../src/shared/rich-schema";

/* What a hostile peer puts in a link's href or an image's src, plain and disguised. */
const UNSAFE = [
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "  javascript:alert(1)",
  "java\tscript:alert(1)",
  "java\nscript:alert(1)",
  "\u0001javascript:alert(1)",
  "\u200bjavascript:alert(1)",
  "jav&#x09;ascript:alert(1)",
  "&#106;avascript:alert(1)",
  "javascript&colon;alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
];

function linkedFragment(href: string): Y.XmlFragment {
  const doc = new Y.Doc();
  const fragment = doc.getXmlFragment("body");
  const paragraph = new Y.XmlElement("paragraph");
  const text = new Y.XmlText();
  text.insert(0, "click me", { link: { href } });
  paragraph.insert(0, [text]);
  const image = new Y.XmlElement("image");
  image.setAttribute("src", href);
  paragraph.insert(1, [image]);
  fragment.insert(0, [paragraph]);
  return fragment;
}

function allMarks(doc: Node): Mark[] {
  const found: Mark[] = [];
  doc.descendants((node) => {
    found.push(...node.marks);
  });
  return found;
}

/* The attributes a node or mark spec renders to (`["a", attrs, 0]` or `["img", attrs]`). */
function renderedAttrs(spec: unknown): Record<string, unknown> {
  return (spec as [string, Record<string, unknown>])[1];
}

describe("a link or image with an unsafe URL never leaves the rich-text converters", () => {
  it.each(UNSAFE)("a Yjs fragment with a link and image to %j converts without them", (url) => {
    const fragment = linkedFragment(url);
    const doc = fragmentToRichDoc(fragment);
    expect(allMarks(doc).filter((m) => m.type.name === "link")).toEqual([]);
    let images = 0;
    doc.descendants((node) => {
      if (node.type.name === "image") images++;
    });
    expect(images).toBe(0);
    expect(doc.textContent).toBe("click me");
    expect(fragmentToHtml(fragment)).toBe("<p>click me</p>");
  });

  it("a safe link and image in the same place are kept", () => {
    const fragment = linkedFragment("https://example.com/a.png");
    expect(fragmentToHtml(fragment)).toBe('<p><a href="https://example.com/a.png">click me</a><img src="https://example.com/a.png"></p>');
  });
});

describe("richSchema renders no unsafe URL, whatever a document holds", () => {
  const linkSpec = richSchema.marks.link!.spec;
  const imageSpec = richSchema.nodes.image!.spec;
  const figureImageSpec = richSchema.nodes.figure_image!.spec;

  it.each(UNSAFE)("toDOM of a link mark and image nodes with %j writes no href or src", (url) => {
    const link = richSchema.marks.link!.create({ href: url });
    expect(renderedAttrs(linkSpec.toDOM!(link, true))).toMatchObject({ href: null });
    const image = richSchema.nodes.image!.create({ src: url });
    expect(renderedAttrs(imageSpec.toDOM!(image))).toMatchObject({ src: null });
    const figureImage = richSchema.nodes.figure_image!.create({ src: url });
    expect(renderedAttrs(figureImageSpec.toDOM!(figureImage))).toMatchObject({ src: null });
  });

  it.each(UNSAFE)("parsing HTML with %j creates no link mark or image", (url) => {
    const dom = { getAttribute: (name: string) => (name === "href" || name === "src" ? url : null) };
    // The rules read only getAttribute, so a stand-in element is enough without a DOM.
    type ParseElement = Parameters<NonNullable<NonNullable<typeof linkSpec.parseDOM>[0]["getAttrs"]>>[0];
    const element = dom as unknown as ParseElement;
    expect(linkSpec.parseDOM![0]!.getAttrs!(element)).toBe(false);
    expect(imageSpec.parseDOM![0]!.getAttrs!(element)).toBe(false);
  });

  it("keeps safe URLs as they are", () => {
    const link = richSchema.marks.link!.create({ href: "/about", target: "_blank" });
    expect(renderedAttrs(linkSpec.toDOM!(link, true))).toMatchObject({ href: "/about", rel: "noopener noreferrer" });
    const image = richSchema.nodes.image!.create({ src: "https://media.example.com/a.png" });
    expect(renderedAttrs(imageSpec.toDOM!(image))).toMatchObject({ src: "https://media.example.com/a.png" });
  });
});
