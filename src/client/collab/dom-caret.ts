import { Plugin, TextSelection } from "prosemirror-state";
import type { EditorView } from "prosemirror-view";

/**
 * The browser's caret when it moved since ProseMirror last read it, or null. The browser reports
 * a move (an arrow key, End, a click) a task later; anything that updates the editor in between
 * (another editor's change, their caret redrawn) would otherwise put back the caret ProseMirror
 * still holds, and the next keystroke would land there.
 *
 * @example
 * const selection = movedInDom(view) ?? view.state.selection;
 */
export function movedInDom(view: EditorView): TextSelection | null {
  if (!view.hasFocus() || view.composing) return null;
  const dom = view.dom.ownerDocument.getSelection();
  if (!dom?.anchorNode || !dom.focusNode || !view.dom.contains(dom.anchorNode) || !view.dom.contains(dom.focusNode)) return null;
  try {
    const anchor = view.posAtDOM(dom.anchorNode, dom.anchorOffset);
    const head = view.posAtDOM(dom.focusNode, dom.focusOffset);
    const { selection } = view.state;
    if (anchor === selection.anchor && head === selection.head) return null;
    return TextSelection.create(view.state.doc, anchor, head);
  } catch {
    // A caret in a node the document does not map (a widget, a cursor label) is not a move to honour.
    return null;
  }
}

/**
 * Takes the browser's moved caret ({@link movedInDom}) into an update that changes neither the
 * document nor the selection: another editor's caret drawn, a thread highlighted, the history
 * sealed. Such an update redraws the editor and writes its selection back to the page, which
 * without this is the caret from before the move. An update that changes the document from the
 * room keeps the moved caret in the sync plugin's binding (`ownRuns`).
 *
 * @example
 * plugins: [...richSync(fragment), yCursorPlugin(awareness), domCaretFirst()]
 */
export function domCaretFirst(): Plugin {
  let view: EditorView | null = null;
  return new Plugin({
    view(current) {
      view = current;
      return { destroy: () => void (view = null) };
    },
    appendTransaction(transactions, oldState, newState) {
      if (!view || view.state !== oldState || !(oldState.selection instanceof TextSelection)) return null;
      if (transactions.some((tr) => tr.docChanged || tr.selectionSet)) return null;
      const moved = movedInDom(view);
      // No step changed the document, so the caret read against the old state holds in the new.
      return moved ? newState.tr.setSelection(moved).setMeta("addToHistory", false) : null;
    },
  });
}
