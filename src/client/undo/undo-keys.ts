/** What a history key asks for. */
export type HistoryAction = "undo" | "redo";

/** The parts of a key event the history keys depend on (declared here so tests need no DOM). */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/**
 * The history action of a key press: Ctrl+Z (Cmd+Z on macOS) undoes; Ctrl+Y, Ctrl+Shift+Z and
 * Shift+Cmd+Z redo. Anything else, or with Alt held, is not a history key.
 *
 * @example
 * historyKey({ key: "z", ctrlKey: true, metaKey: false, shiftKey: false, altKey: false }, false) // "undo"
 * historyKey({ key: "Z", ctrlKey: false, metaKey: true, shiftKey: true, altKey: false }, true) // "redo"
 */
export function historyKey(event: KeyPress, mac: boolean): HistoryAction | null {
  const mod = mac ? event.metaKey : event.ctrlKey;
  if (!mod || event.altKey) return null;
  const key = event.key.toLowerCase();
  if (key === "z") return event.shiftKey ? "redo" : "undo";
  if (key === "y" && !event.shiftKey) return "redo";
  return null;
}

/**
 * The history action of a `beforeinput` event (the browser's Edit menu, a context menu, a
 * phone's shake-to-undo), or null.
 *
 * @example
 * historyInput("historyUndo") // "undo"
 */
export function historyInput(inputType: string): HistoryAction | null {
  if (inputType === "historyUndo") return "undo";
  if (inputType === "historyRedo") return "redo";
  return null;
}
