import { createEditOrder } from "./edit-order";
import { historyInput, historyKey, type HistoryAction } from "./undo-keys";
import type { UndoTarget } from "./value-history";

/** What the edit bar's Undo and Redo buttons need to know. */
export interface HistoryState {
  canUndo: boolean;
  canRedo: boolean;
}

/** The page's undo: the keys and the bar's buttons take back one's own steps in the order they were made. */
export interface PageHistory {
  /**
   * Registers a field (or a part holding fields, such as a section): history keys pressed inside
   * `element` act on the page's history, and `target`'s steps join the page's order. Several
   * elements may share one target (live, every field and section shares the page's one history).
   * Returns a function that unregisters it.
   */
  add(element: HTMLElement, target: UndoTarget): () => void;
  /** Records a step `target` made without an input event (an image chosen in a dialog). */
  touched(target: UndoTarget): void;
  /** Undo or redo the page's newest step, whichever field it was in; false when there was nothing to do. */
  run(action: HistoryAction): boolean;
  /** Re-reads the state of the buttons' field (after an edit the page history did not see). */
  refresh(): void;
  destroy(): void;
}

/**
 * Undo and redo of one's own edits across the page: one history for the keys and the bar. Fields
 * bring their histories (live, the page's one Yjs UndoManager; without a room, ProseMirror's in
 * rich text and a value stack otherwise); Ctrl/Cmd+Z, Ctrl+Y, Shift+Ctrl/Cmd+Z and the browser's
 * own undo requests inside a field (or with nothing focused) act like the edit bar's buttons, on
 * the page's steps in the order they were made (title, body, title: Undo takes back the second
 * title edit, then the body's, then the first title edit, wherever the caret is).
 *
 * @example
 * const history = createPageHistory(document, (state) => bar.setHistory(state));
 * history.add(h1, valueHistory.target);
 */
export function createPageHistory(doc: Document, onState: (state: HistoryState) => void): PageHistory {
  const mac = /Mac|iP(hone|ad)/.test(doc.defaultView?.navigator.platform ?? "");
  const fields = new Map<HTMLElement, UndoTarget>();
  const order = createEditOrder();
  let last = "";

  const refresh = () => {
    order.sync();
    const state = { canUndo: order.canUndo(), canRedo: order.canRedo() };
    const key = `${state.canUndo}${state.canRedo}`;
    if (key === last) return;
    last = key;
    onState(state);
  };
  /* Whether a history key pressed at `node` is the page's: in a registered part, or with nothing focused. */
  const isOurs = (node: EventTarget | null) =>
    node === doc.body || node === doc.documentElement || (node instanceof Node && [...fields.keys()].some((element) => element.contains(node)));
  const run = (action: HistoryAction) => {
    const done = action === "undo" ? order.undo() : order.redo();
    refresh();
    return done;
  };
  const take = (event: Event, action: HistoryAction | null) => {
    if (!action || !isOurs(event.target)) return;
    // Always ours: the browser's own undo in a field that other editors change would undo theirs.
    event.preventDefault();
    run(action);
  };
  const onKeyDown = (event: KeyboardEvent) => take(event, historyKey(event, mac));
  const onBeforeInput = (event: InputEvent) => take(event, historyInput(event.inputType));
  // After the field's own handler has recorded the edit (typing, a toolbar button, a dialog).
  const later = () => void (doc.defaultView ?? window).setTimeout(refresh, 0);
  // Capture, so a field's own handlers (ProseMirror's keymap) never see a history key first.
  doc.addEventListener("keydown", onKeyDown, true);
  doc.addEventListener("beforeinput", onBeforeInput, true);
  for (const type of ["input", "click", "keyup"]) doc.addEventListener(type, later, true);
  refresh();

  return {
    add(element, target) {
      fields.set(element, target);
      order.follow(target);
      return () => {
        fields.delete(element);
        order.forget(target);
        refresh();
      };
    },
    touched: () => refresh(),
    run,
    refresh,
    destroy() {
      doc.removeEventListener("keydown", onKeyDown, true);
      doc.removeEventListener("beforeinput", onBeforeInput, true);
      for (const type of ["input", "click", "keyup"]) doc.removeEventListener(type, later, true);
      fields.clear();
    },
  };
}
