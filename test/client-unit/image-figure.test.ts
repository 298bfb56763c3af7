import { EditorState, NodeSelection, TextSelection, type Command } from "prosemirror-state";
import { describe, expect, it } from "vitest";
import { addCaption, backspaceCaption, hasCaption, leaveCaption, removeCaption, selectedImage, setImageWidth } from "../../src/client/rich/image-figure";
import { htmlToRichDoc } from "../../src/cores/rich-text/html-to-rich-doc";
import { richDocToHtml } from "../../src/cores/rich-text/rich-doc-to-html";
import { richSchema } from "../../src/shared/rich-schema";

const IMG = '<img src="/media/a.png" alt="A dot">';

/* A state over `html` with the first image (or figure picture) selected. */
function withImageSelected(html: string): EditorState {
  const doc = htmlToRichDoc(html);
  let at = -1;
  doc.descendants((node, pos) => {
    if (at < 0 && (node.type === richSchema.nodes.image || node.type === richSchema.nodes.figure_image)) at = pos;
  });
  return EditorState.create({ schema: richSchema, doc, selection: NodeSelection.create(doc, at) });
}

function run(state: EditorState, command: Command): EditorState {
  let next = state;
  expect(command(state, (tr) => (next = state.apply(tr)))).toBe(true);
  return next;
}

const html = (state: EditorState) => richDocToHtml(state.doc);

describe("image captions", () => {
  it("turns an image in running text into a figure, keeping the text on both sides, with the cursor in the caption", () => {
    const state = run(withImageSelected(`<p>Before ${IMG} after</p>`), addCaption);
    expect(html(state)).toBe(`<p>Before </p><figure>${IMG}<figcaption></figcaption></figure><p> after</p>`);
    expect(state.selection.$from.parent.type).toBe(richSchema.nodes.figcaption);
    expect(hasCaption(state)).toBe(true);
    expect(selectedImage(state)?.node.attrs.alt).toBe("A dot");
    const typed = state.apply(state.tr.insertText("A caption"));
    expect(html(typed)).toBe(`<p>Before </p><figure>${IMG}<figcaption>A caption</figcaption></figure><p> after</p>`);
  });

  it("drops an empty side, but keeps a list item's first paragraph", () => {
    expect(html(run(withImageSelected(`<p>${IMG}</p>`), addCaption))).toBe(`<figure>${IMG}<figcaption></figcaption></figure>`);
    expect(html(run(withImageSelected(`<ul><li><p>${IMG}</p></li></ul>`), addCaption))).toBe(`<ul><li><p></p><figure>${IMG}<figcaption></figcaption></figure></li></ul>`);
  });

  it("captions a figure without one, and removing a caption leaves the image in a paragraph, still selected", () => {
    expect(html(run(withImageSelected(`<figure>${IMG}</figure>`), addCaption))).toBe(`<figure>${IMG}<figcaption></figcaption></figure>`);
    const removed = run(withImageSelected(`<p>x</p><figure>${IMG}<figcaption>Gone</figcaption></figure>`), removeCaption);
    expect(html(removed)).toBe(`<p>x</p><p>${IMG}</p>`);
    expect(selectedImage(removed)?.node.type).toBe(richSchema.nodes.image);
    expect(addCaption(withImageSelected(`<figure>${IMG}<figcaption>c</figcaption></figure>`))).toBe(false);
    expect(removeCaption(withImageSelected(`<p>${IMG}</p>`))).toBe(false);
  });

  it("sizes the selected image by width, clearing its height so it keeps its proportions", () => {
    const sized = run(withImageSelected('<p><img src="/media/a.png" width="1200" height="800"></p>'), setImageWidth(640));
    expect(html(sized)).toBe('<p><img src="/media/a.png" width="640"></p>');
    expect(sized.selection).toBeInstanceOf(NodeSelection);
    expect(html(run(sized, setImageWidth(null)))).toBe('<p><img src="/media/a.png"></p>');
  });

  it("Enter in a caption goes on in the empty paragraph under the figure, or a new one", () => {
    const captioned = (after: string) => {
      const state = withImageSelected(`<figure>${IMG}<figcaption>Cap</figcaption></figure>${after}`);
      return state.apply(state.tr.setSelection(TextSelection.create(state.doc, 6)));
    };
    const created = run(captioned(""), leaveCaption);
    expect(html(created)).toBe(`<figure>${IMG}<figcaption>Cap</figcaption></figure><p></p>`);
    expect(created.selection.$from.parent.type).toBe(richSchema.nodes.paragraph);
    expect(html(run(captioned("<p></p><p>Next</p>"), leaveCaption))).toBe(`<figure>${IMG}<figcaption>Cap</figcaption></figure><p></p><p>Next</p>`);
    expect(html(run(captioned("<p>Next</p>"), leaveCaption))).toBe(`<figure>${IMG}<figcaption>Cap</figcaption></figure><p></p><p>Next</p>`);
    expect(leaveCaption(withImageSelected(`<p>${IMG}</p>`))).toBe(false);
  });
});

describe("Backspace at the start of a caption", () => {
  const atCaptionStart = (caption: string) => {
    const state = withImageSelected(`<figure>${IMG}<figcaption>${caption}</figcaption></figure>`);
    return state.apply(state.tr.setSelection(TextSelection.create(state.doc, 3)));
  };

  it("selects the picture, keeping a written caption, and takes an empty caption away", () => {
    const kept = run(atCaptionStart("Cap"), backspaceCaption);
    expect(html(kept)).toBe(`<figure>${IMG}<figcaption>Cap</figcaption></figure>`);
    expect(selectedImage(kept)?.node.type).toBe(richSchema.nodes.figure_image);
    expect(kept.selection).toBeInstanceOf(NodeSelection);
    const emptied = run(atCaptionStart(""), backspaceCaption);
    expect(html(emptied)).toBe(`<figure>${IMG}</figure>`);
    expect(emptied.selection).toBeInstanceOf(NodeSelection);
  });
});
