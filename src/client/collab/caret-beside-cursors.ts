import { Plugin } from "prosemirror-state";
import type { EditorView } from "prosemirror-view";

/* Another editor's caret, as the cursor plugin draws it: a widget that is not editable. */
const REMOTE_CARET = ".ProseMirror-yjs-cursor";

/**
 * Keeps this editor's caret out of another editor's caret. That caret is a widget that cannot be
 * edited, with word joiners inside so it never breaks a line; Chromium's End key, or a click at
 * the end of a line where the other editor's caret sits, can put the browser's caret into those
 * joiners, and every letter typed there is dropped without a sign. The caret is moved to just
 * before the widget, the same place in the document, whenever the selection changes and again
 * before a key is handled.
 *
 * @example
 * const plugins = [ySyncPlugin(fragment), yCursorPlugin(awareness), caretBesideCursors()];
 */
export function caretBesideCursors(): Plugin {
  return new Plugin({
    props: {
      handleDOMEvents: {
        keydown: (view) => {
          moveOutOfCarets(view);
          return false;
        },
      },
    },
    view(view) {
      const doc = view.dom.ownerDocument;
      const onChange = () => moveOutOfCarets(view);
      doc.addEventListener("selectionchange", onChange);
      return { destroy: () => doc.removeEventListener("selectionchange", onChange) };
    },
  });
}

function moveOutOfCarets(view: EditorView): void {
  const selection = view.dom.ownerDocument.getSelection();
  if (!selection?.anchorNode || !selection.focusNode) return;
  const anchor = besideCaret(view, selection.anchorNode) ?? { node: selection.anchorNode, offset: selection.anchorOffset };
  const focus = besideCaret(view, selection.focusNode) ?? { node: selection.focusNode, offset: selection.focusOffset };
  if (anchor.node === selection.anchorNode && focus.node === selection.focusNode) return;
  selection.setBaseAndExtent(anchor.node, anchor.offset, focus.node, focus.offset);
}

/* The place just before the remote caret `node` is in, or null when it is in none of this editor's. */
function besideCaret(view: EditorView, node: Node): { node: Node; offset: number } | null {
  const element = node.nodeType === Node.ELEMENT_NODE ? (node as Element) : node.parentElement;
  const caret = element?.closest(REMOTE_CARET);
  const parent = caret?.parentNode;
  if (!caret || !parent || !view.dom.contains(caret)) return null;
  return { node: parent, offset: Array.prototype.indexOf.call(parent.childNodes, caret) };
}
