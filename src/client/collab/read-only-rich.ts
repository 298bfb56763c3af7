import { DOMSerializer } from "prosemirror-model";
import { yXmlFragmentToProsemirrorJSON } from "y-prosemirror";
import type * as Y from "yjs";
import { richSchema } from "../../shared/rich-schema";

/**
 * A rich field's value in the room as DOM nodes, for a field this editor may only read (it gets no
 * editor, so nothing else draws it): `null` when the room holds what the schema cannot show, and
 * the element keeps what it showed. Read through JSON, never y-prosemirror's node reader, which
 * deletes from the shared document an element it cannot make: a reader must never write. The
 * schema renders a link or image with an unsafe URL without it.
 *
 * @example
 * const nodes = richNodesOf(ydoc.getXmlFragment("body"), document);
 * if (nodes) element.replaceChildren(nodes);
 */
export function richNodesOf(fragment: Y.XmlFragment, doc: Document): Node | null {
  try {
    const node = richSchema.nodeFromJSON(yXmlFragmentToProsemirrorJSON(fragment));
    node.check();
    return DOMSerializer.fromSchema(richSchema).serializeFragment(node.content, { document: doc });
  } catch {
    return null;
  }
}
