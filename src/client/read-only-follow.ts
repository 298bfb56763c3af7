import type * as Y from "yjs";
import { readMarker } from "./markers";
import type { MarkedElement, Mounted } from "./mount-options";

/**
 * Keeps the page's plain-text fields of this record that this editor may not change (a
 * translation's shared fields, a scope's read-only ones; they get no editor) showing the room's
 * value as others change it: a shared title edited on the source reaches its translation's room,
 * and its page shows it without a reload. Only top-level plain text; the element keeps what the
 * server rendered until the room's text changes.
 *
 * @example
 * mounted.push(followReadOnly(document, found, session.doc));
 */
export function followReadOnly(doc: Document, editable: readonly MarkedElement[], ydoc: Y.Doc): Mounted {
  const first = editable[0]?.marker;
  const bound = new Set(editable.map(({ element }) => element));
  const stops: (() => void)[] = [];
  for (const element of doc.querySelectorAll<HTMLElement>("[data-cms-field]")) {
    const marker = readMarker(element);
    if (!first || !marker || bound.has(element) || marker.collection !== first.collection || marker.key !== first.key) continue;
    if (marker.kind !== "text" || marker.below.length > 0) continue;
    const text = ydoc.getText(marker.root);
    const show = () => {
      element.textContent = text.toString();
    };
    text.observe(show);
    stops.push(() => text.unobserve(show));
  }
  return { destroy: () => stops.forEach((stop) => stop()) };
}
