import { Fragment, type Node as RichNode } from "prosemirror-model";
import { NodeSelection, Plugin, TextSelection, type Command, type EditorState, type Transaction } from "prosemirror-state";
import { Decoration, DecorationSet } from "prosemirror-view";
import { richSchema } from "../../shared/rich-schema";

const { nodes } = richSchema;

/** The image the editor is working on: its node, position, and the figure holding it (if any). */
export interface ImageAt {
  node: RichNode;
  pos: number;
  /** The figure around a figure's picture, with its position; null for an image in running text. */
  figure: { node: RichNode; pos: number } | null;
}

/**
 * The image the selection is on (clicking an image selects it), or the picture of the figure whose
 * caption holds the cursor, so the image controls stay in reach while the caption is typed.
 *
 * @example
 * selectedImage(view.state)?.node.attrs.alt;
 */
export function selectedImage(state: EditorState): ImageAt | null {
  const { selection } = state;
  if (selection instanceof NodeSelection) {
    const type = selection.node.type;
    if (type === nodes.image) return { node: selection.node, pos: selection.from, figure: null };
    if (type !== nodes.figure_image) return null;
    const $pos = selection.$from;
    return { node: selection.node, pos: selection.from, figure: { node: $pos.parent, pos: $pos.before() } };
  }
  const $from = selection.$from;
  if ($from.parent.type !== nodes.figcaption || !selection.empty) return null;
  const figure = $from.node(-1);
  const picture = figure.firstChild;
  if (!picture || picture.type !== nodes.figure_image) return null;
  const figurePos = $from.before(-1);
  return { node: picture, pos: figurePos + 1, figure: { node: figure, pos: figurePos } };
}

/** Whether the selected image has a caption (the figure's `figcaption`). */
export function hasCaption(state: EditorState): boolean {
  const image = selectedImage(state);
  return image?.figure?.node.childCount === 2;
}

/**
 * Gives the selected image a caption and puts the cursor in it: an image in running text becomes a
 * figure of its own (`captionInlineImage`), a figure without a caption gets one. False where the
 * image's container cannot hold a figure.
 *
 * @example
 * addCaption(view.state, view.dispatch);
 */
export const addCaption: Command = (state, dispatch) => {
  const image = selectedImage(state);
  if (!image || hasCaption(state)) return false;
  const tr = state.tr;
  if (image.figure) {
    const end = image.figure.pos + image.figure.node.nodeSize - 1;
    tr.insert(end, nodes.figcaption!.create()).setSelection(TextSelection.create(tr.doc, end + 1));
  } else if (!captionInlineImage(tr, image.pos, "")) return false;
  dispatch?.(tr.scrollIntoView());
  return true;
};

/**
 * Turns the image in running text at `pos` into a figure captioned `caption`, in `tr`, with the
 * cursor at the caption's end. The text around the image stays in blocks before and after it (an
 * empty side is dropped unless the container needs it: a list item starts with a paragraph).
 * False, and `tr` untouched, where the image's container cannot hold a figure.
 *
 * @example
 * const tr = state.tr.replaceSelectionWith(image);
 * captionInlineImage(tr, tr.selection.from - 1, "The harbour at dawn");
 */
export function captionInlineImage(tr: Transaction, pos: number, caption: string): boolean {
  const $pos = tr.doc.resolve(pos);
  const image = $pos.nodeAfter;
  if (image?.type !== nodes.image) return false;
  const block = $pos.parent;
  const index = $pos.index(-1);
  const before = block.content.cut(0, $pos.parentOffset);
  const after = block.content.cut($pos.parentOffset + image.nodeSize);
  const figure = nodes.figure!.create(null, [nodes.figure_image!.create(image.attrs), nodes.figcaption!.create(null, caption ? richSchema.text(caption) : null)]);
  const pieces = (keepBefore: boolean, keepAfter: boolean) => [
    ...(keepBefore || before.size > 0 ? [block.copy(before)] : []),
    figure,
    ...(keepAfter || after.size > 0 ? [block.copy(after)] : []),
  ];
  const chosen = [pieces(false, false), pieces(true, false), pieces(true, true)].find((list) => $pos.node(-1).canReplace(index, index + 1, Fragment.from(list)));
  if (!chosen) return false;
  const start = $pos.before();
  tr.replaceWith(start, $pos.after(), chosen);
  const figureStart = start + (chosen[0] === figure ? 0 : chosen[0]!.nodeSize);
  // Inside the figure: its picture (one position), then the caption's opening and text.
  tr.setSelection(TextSelection.create(tr.doc, figureStart + 3 + caption.length));
  return true;
}

/**
 * Takes the selected image's caption away: the figure becomes a paragraph holding the image, as
 * an image inserted in running text is, with the same description and size.
 *
 * @example
 * removeCaption(view.state, view.dispatch);
 */
export const removeCaption: Command = (state, dispatch) => {
  const image = selectedImage(state);
  if (!image?.figure || !hasCaption(state)) return false;
  const { pos, node } = image.figure;
  const paragraph = nodes.paragraph!.create(null, nodes.image!.create(image.node.attrs));
  const $figure = state.doc.resolve(pos);
  if (!$figure.parent.canReplace($figure.index(), $figure.index() + 1, Fragment.from(paragraph))) return false;
  if (dispatch) {
    const tr = state.tr.replaceWith(pos, pos + node.nodeSize, paragraph);
    dispatch(tr.setSelection(NodeSelection.create(tr.doc, pos + 1)).scrollIntoView());
  }
  return true;
};

/**
 * Sets the selected image's display width in pixels (null: its own size). The height attribute is
 * cleared with it, so the browser keeps the picture's proportions.
 *
 * @example
 * setImageWidth(640)(view.state, view.dispatch);
 */
export function setImageWidth(width: number | null): Command {
  return (state, dispatch) => {
    const image = selectedImage(state);
    if (!image) return false;
    if (dispatch) {
      const tr = state.tr.setNodeMarkup(image.pos, undefined, { ...image.node.attrs, width, height: null });
      // Keep the image selected when it was (setNodeMarkup maps a node selection to a text one).
      if (state.selection instanceof NodeSelection) tr.setSelection(NodeSelection.create(tr.doc, image.pos));
      dispatch(tr);
    }
    return true;
  };
}

/**
 * Enter in a caption: leaves it for a paragraph under the figure (the empty one already there, or
 * a new one), as Enter ends a caption in Google Docs or Notion; a caption stays one block.
 *
 * @example
 * leaveCaption(view.state, view.dispatch);
 */
export const leaveCaption: Command = (state, dispatch) => {
  const $from = state.selection.$from;
  if ($from.parent.type !== nodes.figcaption) return false;
  const after = $from.after(-1);
  const next = state.doc.resolve(after).nodeAfter;
  if (dispatch) {
    const tr = state.tr.deleteSelection();
    const at = tr.mapping.map(after);
    if (next?.type === nodes.paragraph && next.content.size === 0) tr.setSelection(TextSelection.create(tr.doc, at + 1));
    else {
      const $at = tr.doc.resolve(at);
      if (!$at.parent.canReplace($at.index(), $at.index(), Fragment.from(nodes.paragraph!.create()))) return true;
      tr.insert(at, nodes.paragraph!.create()).setSelection(TextSelection.create(tr.doc, at + 1));
    }
    dispatch(tr.scrollIntoView());
  }
  return true;
};

/**
 * Backspace at the start of a caption: an empty caption goes (the figure keeps its picture,
 * selected); otherwise the picture is selected, so a second Backspace deletes the image on purpose
 * rather than the caption being joined into the picture.
 *
 * @example
 * backspaceCaption(view.state, view.dispatch);
 */
export const backspaceCaption: Command = (state, dispatch) => {
  const { $from, empty } = state.selection;
  if ($from.parent.type !== nodes.figcaption || !empty || $from.parentOffset > 0) return false;
  const picture = $from.before() - 1;
  if (dispatch) {
    const tr = state.tr;
    if ($from.parent.content.size === 0) tr.delete($from.before(), $from.after());
    dispatch(tr.setSelection(NodeSelection.create(tr.doc, picture)).scrollIntoView());
  }
  return true;
};

/**
 * Marks empty captions (`cms-caption-empty`), so the editor shows "Caption" where one is to be typed.
 *
 * @example
 * plugins.push(captionPlaceholder());
 */
export function captionPlaceholder(): Plugin {
  return new Plugin({
    props: {
      decorations(state) {
        const marks: Decoration[] = [];
        state.doc.descendants((node, pos) => {
          if (node.type === nodes.figcaption && node.content.size === 0) marks.push(Decoration.node(pos, pos + node.nodeSize, { class: "cms-caption-empty" }));
          return !node.isTextblock;
        });
        return DecorationSet.create(state.doc, marks);
      },
    },
  });
}

