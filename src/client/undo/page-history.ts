import { createEditOrder } from "./edit-order";
import { historyInput, historyKey, type HistoryAction } from "./undo-keys";
import type { UndoTarget } from "./value-history";

/** What the edit bar's Undo and Redo buttons need to know. */
export interface HistoryState {
  canUndo: boolean;
  canRedo: boolean;
}

/** The page's undo: one target per field, the keys inside each field, and the bar's buttons in page order. */
export interface PageHistory {
  /**
   * Registers a field: history keys pressed inside `element` act on `target`, and its steps join
   * the page's order the bar's buttons follow. A part may hold registered fields (a section holds
   * its own): keys act on the innermost, and on the part when its step is the page's next and
   * the field has none. Returns a function that unregisters it.
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
 * Undo and redo of one's own edits across the page's fields. Each field brings its own history
 * (Yjs's UndoManager in a live room, ProseMirror's in rich text, a value stack otherwise); this
 * routes Ctrl/Cmd+Z, Ctrl+Y, Shift+Ctrl/Cmd+Z and the browser's own undo requests inside a field
 * to that field's history, and the edit bar's buttons through the page's steps in the order they
 * were made (title, body, title: Undo takes back the second title edit, then the body's, then the
 * first title edit).
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
  /* The registered parts holding `node`, innermost first (a field, then the section it is in). */
  const targetsOf = (node: EventTarget | null): UndoTarget[] => {
    if (!(node instanceof Node)) return [];
    const holding = [...fields].filter(([element]) => element.contains(node));
    holding.sort(([a], [b]) => (a === b ? 0 : a.contains(b) ? 1 : -1));
    return holding.map(([, target]) => target);
  };
  /*
   * A history key acts on the innermost part with a step to take; with none of its own (an empty
   * field of a section just added), it takes the page's next step when that step is an enclosing
   * part's (the add itself), so the page keeps one order and never jumps to an unrelated field.
   */
  const chooseFor = (node: EventTarget | null, action: HistoryAction): UndoTarget | null => {
    const [inner, ...outer] = targetsOf(node);
    if (!inner) return null;
    if (action === "undo" ? inner.canUndo() : inner.canRedo()) return inner;
    const next = order.next(action);
    return next && outer.includes(next) ? next : inner;
  };
  const run = (target: UndoTarget | undefined, action: HistoryAction) => {
    const done = action === "undo" ? order.undo(target) : order.redo(target);
    refresh();
    return done;
  };
  const take = (event: Event, action: HistoryAction | null) => {
    const target = action ? chooseFor(event.target, action) : null;
    if (!action || !target) return;
    // Always ours: the browser's own undo in a field that other editors change would undo theirs.
    event.preventDefault();
    run(target, action);
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
    run: (action) => run(undefined, action),
    refresh,
    destroy() {
      doc.removeEventListener("keydown", onKeyDown, true);
      doc.removeEventListener("beforeinput", onBeforeInput, true);
      for (const type of ["input", "click", "keyup"]) doc.removeEventListener(type, later, true);
      fields.clear();
    },
  };
}
