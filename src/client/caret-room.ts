/* Clear space kept between the caret and the edit bar, in CSS pixels. */
const MARGIN_PX = 12;

/**
 * Keeps the line being typed visible above the edit bar, which is fixed to the bottom of the
 * window and so covers what the browser (or ProseMirror) scrolled "into view": after every input
 * and caret move in an editable field (plain, rich, in a section alike), a caret behind the bar is
 * scrolled up above it. The spacer after the page grows with the bar (two rows on a phone), so
 * the last line of the page can always be scrolled clear.
 *
 * @example
 * const stop = keepCaretAboveBar(document, bar.element, spacer);
 */
export function keepCaretAboveBar(doc: Document, bar: HTMLElement, spacer: HTMLElement): () => void {
  const win = doc.defaultView;
  if (!win) return () => undefined;
  let frame = 0;
  const check = () => {
    frame = 0;
    const barTop = bar.getBoundingClientRect().top;
    spacer.style.height = `${Math.max(0, win.innerHeight - barTop) + MARGIN_PX}px`;
    const caret = caretRect(doc, bar);
    if (!caret) return;
    const overlap = caret.bottom + MARGIN_PX - barTop;
    // Only a caret the bar hides; one scrolled out of the window entirely is the browser's to follow.
    if (overlap > 0 && caret.top < win.innerHeight) win.scrollBy(0, overlap);
  };
  const schedule = () => {
    if (frame === 0) frame = win.requestAnimationFrame(check);
  };
  doc.addEventListener("selectionchange", schedule);
  doc.addEventListener("input", schedule, true);
  win.addEventListener("resize", schedule);
  schedule();
  return () => {
    doc.removeEventListener("selectionchange", schedule);
    doc.removeEventListener("input", schedule, true);
    win.removeEventListener("resize", schedule);
    if (frame !== 0) win.cancelAnimationFrame(frame);
  };
}

/* Where the caret of an editable field is drawn, or null when there is none outside the bar. */
function caretRect(doc: Document, bar: HTMLElement): DOMRect | null {
  const selection = doc.getSelection();
  const node = selection?.focusNode;
  if (!selection || !node) return null;
  const host = (node instanceof Element ? node : node.parentElement)?.closest<HTMLElement>("[contenteditable]");
  if (!host?.isContentEditable || bar.contains(host) || host.closest("dialog")) return null;
  const range = doc.createRange();
  range.setStart(node, selection.focusOffset);
  const rects = range.getClientRects();
  const last = rects[rects.length - 1];
  if (last && last.height > 0) return last;
  // An empty line (a paragraph holding only a <br>) has no text to measure: its element has.
  const at = node.childNodes[selection.focusOffset] ?? node.childNodes[selection.focusOffset - 1];
  const box = (at instanceof Element ? at : node instanceof Element ? node : host).getBoundingClientRect();
  return box.height > 0 ? box : null;
}
