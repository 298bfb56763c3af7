import { Plugin } from "prosemirror-state";
import type { EditorView } from "prosemirror-view";

/* ProseMirror's class on every widget decoration's element: drawn in the text, never editable. */
const WIDGET = ".ProseMirror-widget";

/**
 * Keeps this editor's caret out of widgets, another editor's caret above all. That caret is a
 * widget with word joiners inside so it never breaks a line; Chromium's End key, or a click at the
 * end of a line where the other editor's caret sits, can put the browser's caret into those
 * joiners, and every letter typed there is dropped without a sign. The caret is moved to just
 * before the widget, the same place in the document, whenever the selection changes and again
 * before a key is handled.
 *
 * @example
 * const plugins = [ySyncPlugin(fragment), yCursorPlugin(awareness), caretOutsideWidgets()];
 */
export function caretOutsideWidgets(): Plugin {
  return new Plugin({
    props: {
      handleDOMEvents: {
        keydown: (view) => {
          moveOutOfWidgets(view);
          return false;
        },
      },
    },
    view(view) {
      const doc = view.dom.ownerDocument;
      const onChange = () => moveOutOfWidgets(view);
      doc.addEventListener("selectionchange", onChange);
      return { destroy: () => doc.removeEventListener("selectionchange", onChange) };
    },
  });
}

function moveOutOfWidgets(view: EditorView): void {
  const selection = view.dom.ownerDocument.getSelection();
  if (!selection?.anchorNode || !selection.focusNode) return;
  const anchor = beforeWidget(view, selection.anchorNode) ?? { node: selection.anchorNode, offset: selection.anchorOffset };
  const focus = beforeWidget(view, selection.focusNode) ?? { node: selection.focusNode, offset: selection.focusOffset };
  if (anchor.node === selection.anchorNode && focus.node === selection.focusNode) return;
  selection.setBaseAndExtent(anchor.node, anchor.offset, focus.node, focus.offset);
}

/* The place just before the widget `node` is in, or null when it is in none of this editor's. */
function beforeWidget(view: EditorView, node: Node): { node: Node; offset: number } | null {
  const element = node.nodeType === Node.ELEMENT_NODE ? (node as Element) : node.parentElement;
  const widget = element?.closest(WIDGET);
  const parent = widget?.parentNode;
  if (!widget || !parent || !view.dom.contains(widget)) return null;
  return { node: parent, offset: Array.prototype.indexOf.call(parent.childNodes, widget) };
}
