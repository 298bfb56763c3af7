import type { CommentTarget, Span } from "./anchors";

/**
 * The words selected in a field, as a span and their text, or null when nothing is selected there.
 *
 * @example
 * selectedSpan(target) // { from: 4, to: 9, quote: "price" }
 */
export function selectedSpan(target: CommentTarget<HTMLElement>): (Span & { quote: string }) | null {
  if (target.kind === "entry") return null;
  if (target.kind === "rich") {
    const { from, to, empty } = target.view.state.selection;
    if (empty) return null;
    return { from, to, quote: target.view.state.doc.textBetween(from, to, " ") };
  }
  const element = target.element;
  const selection = element.ownerDocument.getSelection();
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return null;
  if (!element.contains(selection.anchorNode) || !element.contains(selection.focusNode)) return null;
  const offset = (node: Node, at: number) => {
    const range = element.ownerDocument.createRange();
    range.selectNodeContents(element);
    range.setEnd(node, at);
    return range.toString().length;
  };
  const a = offset(selection.anchorNode!, selection.anchorOffset);
  const b = offset(selection.focusNode!, selection.focusOffset);
  const from = Math.min(a, b);
  const to = Math.max(a, b);
  return from < to ? { from, to, quote: target.text.toString().slice(from, to) } : null;
}

/**
 * The DOM range of a plain field's words (its single text node), for highlighting and placing.
 *
 * @example
 * textRange(element, { from: 4, to: 9 })?.toString() // "price"
 */
export function textRange(element: HTMLElement, span: Span): Range | null {
  const node = element.firstChild;
  if (!node || node.nodeType !== Node.TEXT_NODE) return null;
  const length = node.textContent?.length ?? 0;
  const range = element.ownerDocument.createRange();
  range.setStart(node, Math.min(span.from, length));
  range.setEnd(node, Math.min(span.to, length));
  return range;
}

/**
 * How far down the page (document coordinates) a thread's words begin, for the margin; the
 * field's top when the words are gone.
 *
 * @example
 * topOf(target, span) // 412
 */
export function topOf(target: CommentTarget<HTMLElement>, span: Span | null): number {
  const win = target.element.ownerDocument.defaultView ?? window;
  let top = target.element.getBoundingClientRect().top;
  if (span && span.from < span.to) {
    if (target.kind === "rich") {
      try {
        top = target.view.coordsAtPos(span.from, 1).top;
      } catch {
        // A position the view cannot draw (mid-update): the field's top.
      }
    } else if (target.kind === "text") top = textRange(target.element, span)?.getBoundingClientRect().top ?? top;
  }
  return top + win.scrollY;
}
