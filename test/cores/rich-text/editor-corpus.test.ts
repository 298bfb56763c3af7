import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { fragmentToHtml, htmlToRichDoc, richDocToHtml, writeHtmlToFragment } from "../../../src/cores/rich-text";
import { generateEditorHtml } from "../../fixtures/editor-html";

const CASES: [number, number][] = [
  [1024, 1],
  [8 * 1024, 7],
  [64 * 1024, 42],
  [256 * 1024, 2026],
];

describe("the generated editor corpus", () => {
  it.each(CASES)("%i bytes (seed %i) round-trips unchanged, directly and through Yjs", (bytes, seed) => {
    const html = generateEditorHtml(bytes, { seed });
    const doc = htmlToRichDoc(html);
    expect(() => doc.check()).not.toThrow();
    expect(richDocToHtml(doc)).toBe(html);
    const fragment = new Y.Doc().getXmlFragment("body");
    writeHtmlToFragment(html, fragment);
    expect(fragmentToHtml(fragment)).toBe(html);
  });
});
