/** How a drag ends: the index the entry should have in its list, or null when cancelled or dropped in place. */
export type DragEnd = (to: number | null) => void;

/* Where the dragged entry would land: its index after the move, and the line that shows it. */
interface Drop {
  to: number;
  line: { left: number; top: number; width: number; height: number };
}

/**
 * Lets `handle` drag `entry` to another place among its sibling entries (the elements of its list
 * container with `data-cms-entry`), by pointer events with the pointer captured, so a mouse, a pen
 * and a finger all drag alike (the handle takes no touch scrolling). While dragging, a line shows
 * where the entry would go; Escape or a cancelled pointer puts everything back; on release `end`
 * gets the entry's index after the move (or null when it would stay where it is), so the list
 * makes one structure change. Lists laid out in rows (a grid of items) are read left to right.
 * Returns the function that removes the listeners.
 *
 * @example
 * const stop = dragToReorder(handle, section, (to) => to !== null && moveTo(section, to));
 */
export function dragToReorder(handle: HTMLElement, entry: HTMLElement, end: DragEnd): () => void {
  const doc = handle.ownerDocument;
  const win = doc.defaultView ?? window;
  let dragging: { pointerId: number; line: HTMLElement; drop: Drop | null } | null = null;

  const finish = (commit: boolean) => {
    if (!dragging) return;
    const { pointerId, line, drop } = dragging;
    dragging = null;
    line.remove();
    entry.classList.remove("cms-dragging");
    win.removeEventListener("keydown", onKey, true);
    if (handle.hasPointerCapture(pointerId)) handle.releasePointerCapture(pointerId);
    const from = siblings(entry).indexOf(entry);
    end(commit && drop && drop.to !== from ? drop.to : null);
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== "Escape") return;
    // The drag takes this Escape, so it does not also close the editing session.
    event.preventDefault();
    event.stopPropagation();
    finish(false);
  };
  const onDown = (event: PointerEvent) => {
    if (dragging || !event.isPrimary || event.button !== 0) return;
    event.preventDefault();
    handle.setPointerCapture(event.pointerId);
    const line = doc.createElement("div");
    line.className = "cms-drop-line";
    line.setAttribute("aria-hidden", "true");
    dragging = { pointerId: event.pointerId, line, drop: null };
    entry.classList.add("cms-dragging");
    win.addEventListener("keydown", onKey, true);
  };
  const onMove = (event: PointerEvent) => {
    if (!dragging || event.pointerId !== dragging.pointerId) return;
    const drop = dropAt(entry, event.clientX, event.clientY);
    dragging.drop = drop;
    if (!drop) return dragging.line.remove();
    const { left, top, width, height } = drop.line;
    Object.assign(dragging.line.style, { left: `${left + win.scrollX}px`, top: `${top + win.scrollY}px`, width: `${width}px`, height: `${height}px` });
    if (!dragging.line.isConnected) doc.body.append(dragging.line);
  };
  const onUp = (event: PointerEvent) => {
    if (dragging && event.pointerId === dragging.pointerId) finish(true);
  };
  const onCancel = (event: PointerEvent) => {
    if (dragging && event.pointerId === dragging.pointerId) finish(false);
  };
  handle.addEventListener("pointerdown", onDown);
  handle.addEventListener("pointermove", onMove);
  handle.addEventListener("pointerup", onUp);
  handle.addEventListener("pointercancel", onCancel);
  handle.addEventListener("lostpointercapture", onCancel);
  return () => {
    finish(false);
    handle.removeEventListener("pointerdown", onDown);
    handle.removeEventListener("pointermove", onMove);
    handle.removeEventListener("pointerup", onUp);
    handle.removeEventListener("pointercancel", onCancel);
    handle.removeEventListener("lostpointercapture", onCancel);
  };
}

const siblings = (entry: HTMLElement): HTMLElement[] =>
  entry.parentElement ? [...entry.parentElement.children].filter((child): child is HTMLElement => child instanceof HTMLElement && child.hasAttribute("data-cms-entry")) : [];

/*
 * The place the pointer at (x, y) points to: the dragged entry goes after every other entry the
 * pointer is past (below it; or, in a row of entries, right of its middle), before the rest.
 */
function dropAt(entry: HTMLElement, x: number, y: number): Drop | null {
  const others = siblings(entry).filter((other) => other !== entry);
  if (others.length === 0) return null;
  const rects = others.map((other) => other.getBoundingClientRect());
  const inRows = rects.some((a, i) => rects.some((b, j) => i !== j && a.top < b.bottom && b.top < a.bottom));
  const past = (rect: DOMRect) => y > rect.bottom || (y >= rect.top && (inRows ? x > rect.left + rect.width / 2 : y > rect.top + rect.height / 2));
  const to = rects.filter(past).length;
  const before = rects[to];
  const after = rects[to - 1];
  if (inRows) {
    const at = before ?? after!;
    return { to, line: { left: before ? before.left - 3 : at.right + 1, top: at.top, width: 2, height: at.height } };
  }
  const at = before ?? after!;
  return { to, line: { left: at.left, top: before ? before.top - 3 : at.bottom + 1, width: at.width, height: 2 } };
}
