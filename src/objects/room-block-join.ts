import * as Y from "yjs";

/**
 * Makes one block of `element` and the textblock before it (settling a block suggestion: a
 * rejected split, an accepted join): its children go to the end of that block (a text run
 * continuing the last run of it), then it is deleted. Without a textblock before it (the one it
 * was split from was deleted) only its `attribute` goes.
 *
 * @example
 * doc.transact(() => joinToPrevious(paragraph, "cms:split"), origin);
 */
export function joinToPrevious(element: Y.XmlElement, attribute: string): void {
  const previous = element.prevSibling;
  const parent = element.parent;
  if (!(previous instanceof Y.XmlElement) || !TEXTBLOCKS.has(previous.nodeName) || !(parent instanceof Y.XmlFragment)) {
    element.removeAttribute(attribute);
    return;
  }
  for (const child of element.toArray()) {
    const last = previous.length > 0 ? previous.get(previous.length - 1) : null;
    if (child instanceof Y.XmlText && last instanceof Y.XmlText) last.applyDelta([{ retain: last.length }, ...child.toDelta()]);
    else if (child instanceof Y.XmlText || child instanceof Y.XmlElement) previous.insert(previous.length, [child.clone()]);
  }
  parent.delete(parent.toArray().indexOf(element), 1);
}

/** The blocks that may carry a block suggestion (`richSchema`'s textblocks with `cms:split`/`cms:join`). */
const TEXTBLOCKS = new Set(["paragraph", "heading"]);

/**
 * The words a block holds (a split's new paragraph, a join's second one), as the suggestions
 * listing quotes them.
 *
 * @example
 * blockWords(paragraph) // " on weekdays."
 */
export function blockWords(element: Y.XmlElement): string {
  let out = "";
  for (const child of element.toArray()) {
    if (child instanceof Y.XmlText) for (const op of child.toDelta() as { insert?: unknown }[]) if (typeof op.insert === "string") out += op.insert;
  }
  return out.length > QUOTE_LENGTH ? `${out.slice(0, QUOTE_LENGTH)}…` : out;
}

/** The longest quote of a block the listing gives. */
const QUOTE_LENGTH = 80;
