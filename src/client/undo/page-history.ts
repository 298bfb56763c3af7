import { historyInput, historyKey, type HistoryAction } from "./undo-keys";
import type { UndoTarget } from "./value-history";

/** What the edit bar's Undo and Redo buttons need to know. */
export interface HistoryState {
  canUndo: boolean;
  canRedo: boolean;
}

/** The page's undo: one target per field, the keys inside each field, and the bar's buttons. */
export interface PageHistory {
  /**
   * Registers a field: history keys pressed inside `element` act on `target`, and focusing or
   * editing it makes it the field the bar's buttons act on. Returns a function that unregisters it.
   */
  add(element: HTMLElement, target: UndoTarget): () => void;
  /** Makes `target` the field the buttons act on (an edit made without focus, such as an image). */
  touched(target: UndoTarget): void;
  /** Undo or redo in the field last focused or edited; false when there was nothing to do. */
  run(action: HistoryAction): boolean;
  /** Re-reads the state of the buttons' field (after an edit the page history did not see). */
  refresh(): void;
  destroy(): void;
}

/**
 * Undo and redo of one's own edits across the page's fields. Each field brings its own history
 * (Yjs's UndoManager in a live room, ProseMirror's in rich text, a value stack otherwise); this
 * routes Ctrl/Cmd+Z, Ctrl+Y, Shift+Ctrl/Cmd+Z and the browser's own undo requests inside a field
 * to that field's history, and the edit bar's buttons to the field last focused or edited.
 *
 * @example
 * const history = createPageHistory(document, (state) => bar.setHistory(state));
 * history.add(h1, valueHistory.target);
 */
export function createPageHistory(doc: Document, onState: (state: HistoryState) => void): PageHistory {
  const mac = /Mac|iP(hone|ad)/.test(doc.defaultView?.navigator.platform ?? "");
  const fields = new Map<HTMLElement, UndoTarget>();
  let active: UndoTarget | null = null;
  let last = "";

  const refresh = () => {
    const state = { canUndo: active?.canUndo() ?? false, canRedo: active?.canRedo() ?? false };
    const key = `${state.canUndo}${state.canRedo}`;
    if (key === last) return;
    last = key;
    onState(state);
  };
  const targetOf = (node: EventTarget | null): UndoTarget | null => {
    for (const [element, target] of fields) if (node instanceof Node && element.contains(node)) return target;
    return null;
  };
  const run = (target: UndoTarget | null, action: HistoryAction) => {
    const done = target ? (action === "undo" ? target.undo() : target.redo()) : false;
    refresh();
    return done;
  };
  const take = (event: Event, action: HistoryAction | null) => {
    const target = action ? targetOf(event.target) : null;
    if (!action || !target) return;
    // Always ours: the browser's own undo in a field that other editors change would undo theirs.
    event.preventDefault();
    active = target;
    run(target, action);
  };
  const onKeyDown = (event: KeyboardEvent) => take(event, historyKey(event, mac));
  const onBeforeInput = (event: InputEvent) => take(event, historyInput(event.inputType));
  const onFocusOrInput = (event: Event) => {
    const target = targetOf(event.target);
    if (target) active = target;
    // After the field's own input handler has recorded the edit.
    (doc.defaultView ?? window).setTimeout(refresh, 0);
  };
  // Capture, so a field's own handlers (ProseMirror's keymap) never see a history key first.
  doc.addEventListener("keydown", onKeyDown, true);
  doc.addEventListener("beforeinput", onBeforeInput, true);
  doc.addEventListener("focusin", onFocusOrInput, true);
  doc.addEventListener("input", onFocusOrInput, true);
  refresh();

  return {
    add(element, target) {
      fields.set(element, target);
      return () => {
        fields.delete(element);
        if (active === target) active = null;
        refresh();
      };
    },
    touched(target) {
      active = target;
      refresh();
    },
    run: (action) => run(active, action),
    refresh,
    destroy() {
      doc.removeEventListener("keydown", onKeyDown, true);
      doc.removeEventListener("beforeinput", onBeforeInput, true);
      doc.removeEventListener("focusin", onFocusOrInput, true);
      doc.removeEventListener("input", onFocusOrInput, true);
      fields.clear();
    },
  };
}
