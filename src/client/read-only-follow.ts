import type * as Y from "yjs";
import { readMarker } from "./markers";
import type { MarkedElement, Mounted } from "./mount-options";

/** A rich field's room value as DOM nodes, or `null` when it cannot be shown (`richNodesOf` of the live chunk). */
export type RichNodes = (fragment: Y.XmlFragment, doc: Document) => Node | null;

/**
 * Keeps the page's fields of this record that this editor may not change (a translation's shared
 * fields, a scope's read-only ones; they get no editor) showing the room's value as others change
 * it: a shared title edited on the source reaches its translation's room, and its page shows it
 * without a reload. Top-level plain text and rich text (drawn by `richNodes`); a field in a list
 * keeps what the server rendered. An element keeps what the server rendered until the room's value
 * changes.
 *
 * @example
 * mounted.push(followReadOnly(document, found, session.doc, collab.richNodesOf));
 */
export function followReadOnly(doc: Document, editable: readonly MarkedElement[], ydoc: Y.Doc, richNodes: RichNodes): Mounted {
  const first = editable[0]?.marker;
  const bound = new Set(editable.map(({ element }) => element));
  const stops: (() => void)[] = [];
  for (const element of doc.querySelectorAll<HTMLElement>("[data-cms-field]")) {
    const marker = readMarker(element);
    if (!first || !marker || bound.has(element) || marker.collection !== first.collection || marker.key !== first.key) continue;
    if (marker.below.length > 0) continue;
    if (marker.kind === "text") {
      const text = ydoc.getText(marker.root);
      const show = () => {
        element.textContent = text.toString();
      };
      text.observe(show);
      stops.push(() => text.unobserve(show));
    } else if (marker.kind === "richtext") {
      const fragment = ydoc.getXmlFragment(marker.root);
      const show = () => {
        const nodes = richNodes(fragment, doc);
        if (nodes) element.replaceChildren(nodes);
      };
      fragment.observeDeep(show);
      stops.push(() => fragment.unobserveDeep(show));
    }
  }
  return { destroy: () => stops.forEach((stop) => stop()) };
}
