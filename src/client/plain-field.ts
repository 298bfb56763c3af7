import { humanName } from "./human-name";
import type { FieldMarker } from "./markers";
import { paintRuns } from "./suggest/paint-runs";
import type { ShownRun } from "./suggest/shown-runs";

/** A plain-text field made editable in place. */
export interface PlainField {
  element: HTMLElement;
  /** The field's text as it would be saved. */
  value(): string;
  /** Replaces the text (a remote edit), keeping the caret at `caret` when the field has focus. */
  setValue(text: string, caret?: number): void;
  /** The caret's offset in the text, or null when the field has no selection. */
  caret(): number | null;
  /** Shows the text as runs, suggestions marked (the value stays the whole text). */
  setRuns(runs: readonly ShownRun[], caret?: number): void;
  destroy(): void;
}

export interface PlainFieldOptions {
  onInput: (value: string) => void;
  onBlur?: () => void;
}

/* A single-line field: any line break a paste or the browser brings in becomes a space. */
const singleLine = (text: string) => text.replace(/\r\n?|\n/g, " ");

/**
 * Makes an element a single-line `contenteditable="plaintext-only"` region: Enter does not add a
 * line, pasted text arrives as plain single-line text, and every change is reported.
 *
 * @example
 * const field = attachPlainField(h1, marker, { onInput: (value) => queue.edit(marker.address, value) });
 */
export function attachPlainField(element: HTMLElement, marker: FieldMarker, options: PlainFieldOptions): PlainField {
  const previous = { contentEditable: element.getAttribute("contenteditable"), role: element.getAttribute("role") };
  element.setAttribute("contenteditable", "plaintext-only");
  element.setAttribute("role", "textbox");
  element.setAttribute("aria-multiline", "false");
  if (!element.hasAttribute("aria-label")) element.setAttribute("aria-label", `Edit ${humanName(marker.field)}`);
  // The slot's declared hints (the site view's `data-cms-placeholder`, `data-cms-required`), said as well as shown.
  const placeholder = element.dataset.cmsPlaceholder;
  if (placeholder) element.setAttribute("aria-placeholder", placeholder);
  if (element.hasAttribute("data-cms-required")) element.setAttribute("aria-required", "true");

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Enter") event.preventDefault();
  };
  const onBeforeInput = (event: InputEvent) => {
    if (event.inputType === "insertParagraph" || event.inputType === "insertLineBreak") event.preventDefault();
  };
  const onPaste = (event: ClipboardEvent) => {
    const text = event.clipboardData?.getData("text/plain");
    if (text === undefined) return;
    event.preventDefault();
    insertAtSelection(element, singleLine(text));
    options.onInput(value());
  };
  const onInput = () => {
    if (element.querySelector("br, div, p")) setValue(value());
    options.onInput(value());
  };
  const onBlur = () => options.onBlur?.();

  const value = () => singleLine(element.textContent ?? "");
  const caret = () => caretOffset(element);
  const setValue = (text: string, at?: number) => {
    const keep = at ?? caret();
    element.textContent = text;
    if (keep !== null && document.activeElement === element) placeCaret(element, Math.min(keep, text.length));
  };
  const setRuns = (runs: readonly ShownRun[], at?: number) => {
    const keep = at ?? caret();
    paintRuns(element, runs);
    if (keep !== null && document.activeElement === element) placeCaret(element, keep);
  };

  element.addEventListener("keydown", onKeyDown);
  element.addEventListener("beforeinput", onBeforeInput);
  element.addEventListener("paste", onPaste);
  element.addEventListener("input", onInput);
  element.addEventListener("blur", onBlur);
  return {
    element,
    value,
    setValue,
    caret,
    setRuns,
    destroy() {
      element.removeEventListener("keydown", onKeyDown);
      element.removeEventListener("beforeinput", onBeforeInput);
      element.removeEventListener("paste", onPaste);
      element.removeEventListener("input", onInput);
      element.removeEventListener("blur", onBlur);
      restore(element, "contenteditable", previous.contentEditable);
      restore(element, "role", previous.role);
      for (const name of ["aria-multiline", "aria-placeholder", "aria-required"]) element.removeAttribute(name);
    },
  };
}

function restore(element: HTMLElement, name: string, value: string | null) {
  if (value === null) element.removeAttribute(name);
  else element.setAttribute(name, value);
}

function insertAtSelection(element: HTMLElement, text: string) {
  const selection = element.ownerDocument.getSelection();
  if (!selection || selection.rangeCount === 0 || !element.contains(selection.anchorNode)) {
    element.append(text);
    return;
  }
  const range = selection.getRangeAt(0);
  range.deleteContents();
  const node = element.ownerDocument.createTextNode(text);
  range.insertNode(node);
  range.setStartAfter(node);
  range.collapse(true);
  selection.removeAllRanges();
  selection.addRange(range);
}

function caretOffset(element: HTMLElement): number | null {
  const selection = element.ownerDocument.getSelection();
  if (!selection || selection.rangeCount === 0 || !element.contains(selection.anchorNode)) return null;
  const range = selection.getRangeAt(0).cloneRange();
  range.selectNodeContents(element);
  range.setEnd(selection.anchorNode as Node, selection.anchorOffset);
  return range.toString().length;
}

/* The caret at `offset` of the field's text, which marked suggestions split over several text nodes. */
function placeCaret(element: HTMLElement, offset: number) {
  const selection = element.ownerDocument.getSelection();
  if (!selection) return;
  const range = element.ownerDocument.createRange();
  const walker = element.ownerDocument.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  let left = offset;
  let last: Text | null = null;
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    last = node;
    if (left <= node.length) break;
    left -= node.length;
  }
  if (last) range.setStart(last, Math.min(left, last.length));
  else range.setStart(element, 0);
  range.collapse(true);
  selection.removeAllRanges();
  selection.addRange(range);
}
