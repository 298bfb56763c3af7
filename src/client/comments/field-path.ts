import * as Y from "yjs";
import { orderedItems } from "../../shared/entry-order";

/**
 * A shared type's field in the comments model: a root's name (`title`, `body`), and inside a list
 * the entries by id (`sections.<id>.heading`, `sections.<id>.items.<id>.title`), so a thread stays
 * on its entry when entries move; a list entry itself is `sections.<id>`. `null` for a type that
 * is not under a named root or an entry without an id.
 *
 * @example
 * modelField(doc.getText("title")) // "title"
 * modelField(heroMap.get("heading")) // "sections.k3v9.heading"
 */
export function modelField(shared: Y.Text | Y.XmlFragment | Y.Map<unknown>): string | null {
  const type = shared as Y.AbstractType<unknown>;
  const parts: string[] = [];
  let node = type;
  for (;;) {
    const item = node._item;
    if (item === null) {
      const name = node.doc ? Y.findRootTypeKey(node) : null;
      return name ? [name, ...parts].join(".") : null;
    }
    const parent = item.parent;
    if (!(parent instanceof Y.AbstractType)) return null;
    // Read in the shape the room writes: an entry is a map in a list, a text a value of a map.
    if (parent instanceof Y.Map) {
      if (item.parentSub === null) return null;
      // A value of an entry: its key, then the entry named by its id.
      parts.unshift(item.parentSub);
      const grand = parent._item?.parent;
      if (!(grand instanceof Y.Array)) return null;
      const id = parent.get("id");
      if (typeof id !== "string" || !id) return null;
      parts.unshift(id);
      node = grand as Y.AbstractType<unknown>;
      continue;
    }
    if (parent instanceof Y.Array && node instanceof Y.Map && node === type) {
      const id = node.get("id");
      if (typeof id !== "string" || !id) return null;
      parts.unshift(id);
      node = parent as Y.AbstractType<unknown>;
      continue;
    }
    return null;
  }
}

/**
 * The entry a sections editor path names (`sections.2`, `sections.2.items.0`: indexes in the
 * list's order), or null.
 *
 * @example
 * entryAt(doc, "sections.1") // the second section's Y.Map
 */
export function entryAt(doc: Y.Doc, path: string): Y.Map<unknown> | null {
  const [root, ...rest] = path.split(".");
  if (!root || !doc.share.has(root)) return null;
  let node: unknown = doc.getArray(root);
  for (const segment of rest) {
    if (node instanceof Y.Array && /^\d+$/.test(segment)) node = orderedItems(node)[Number(segment)];
    else if (node instanceof Y.Map) node = node.get(segment);
    else return null;
  }
  return node instanceof Y.Map ? node : null;
}
