import * as Y from "yjs";
import { orderedItems } from "../../shared/entry-order";
import type { Review } from "../suggest/review";
import type { UndoTarget } from "../undo/value-history";
import { bindText, bindValue, observeKey, type BindableText, type BindableValue, type FieldBinding } from "./bind-fields";
import { LOCAL_ORIGIN } from "./origins";

/** One named value of an entry of a list field: the entry's `Y.Map`, the key, and its `Y.Text` when it holds one. */
export interface ListLeaf {
  map: Y.Map<unknown>;
  key: string;
  text: Y.Text | null;
}

/**
 * The entry and key a marker's path below a list field names (`sections` + `[2, "heading"]` →
 * the map of the third entry in the list's order, `"heading"`; `[1, "items", 0, "title"]` goes through the nested list), or `null`
 * when the document has no such list or entry.
 *
 * @example
 * findListLeaf(doc, "sections", [0, "heading"]) // { map: <Y.Map>, key: "heading", text: <Y.Text> }
 */
export function findListLeaf(doc: Y.Doc, root: string, path: readonly (string | number)[]): ListLeaf | null {
  if (!doc.share.has(root) || path.length < 2) return null;
  let node: unknown;
  try {
    node = doc.getArray(root);
  } catch {
    // The root is some other type: not a list field.
    return null;
  }
  for (let i = 0; i < path.length; i++) {
    const segment = path[i];
    if (node instanceof Y.Array && typeof segment === "number") node = orderedItems(node)[segment];
    else if (node instanceof Y.Map && typeof segment === "string") {
      if (i === path.length - 1) {
        const value = node.get(segment);
        return { map: node, key: segment, text: value instanceof Y.Text ? value : null };
      }
      node = node.get(segment);
    } else return null;
  }
  return null;
}

/**
 * Binds a plain-text leaf of an entry (a section's heading, an item's title) to its `Y.Text`, as
 * {@link bindText} binds a top-level field: typing merges by character with everyone else's,
 * remote carets stay put, undo (the page's) takes back only this editor's typing. An entry that has no text
 * under that key yet gets one on the first keystroke (or binds to the one another editor adds).
 *
 * @example
 * const leaf = findListLeaf(doc, "sections", [0, "heading"]);
 * if (leaf) bindListText(field, leaf, pageUndo.target);
 */
export function bindListText(field: BindableText, leaf: ListLeaf, undo: UndoTarget, review?: Review): FieldBinding {
  if (leaf.text) return bindText(field, leaf.text, undo, review);
  let inner: FieldBinding | null = null;
  const adopt = () => {
    const text = leaf.map.get(leaf.key);
    if (inner === null && text instanceof Y.Text) inner = bindText(field, text, undo, review);
  };
  const stop = observeKey(leaf.map, leaf.key, adopt);
  return {
    undo,
    local(value) {
      if (inner !== null) return inner.local(value);
      if (typeof value !== "string") return;
      // The first keystrokes create the text with what the field holds, then it binds as usual;
      // a suggestion starts from an empty text, which the binding then marks up.
      const suggesting = review?.suggesting() != null;
      leaf.map.doc?.transact(() => leaf.map.set(leaf.key, new Y.Text(suggesting ? "" : value)), LOCAL_ORIGIN);
      adopt();
      if (suggesting) (inner as FieldBinding | null)?.local(value);
    },
    destroy() {
      stop();
      inner?.destroy();
    },
  };
}

/**
 * Binds an atomic leaf of an entry (a section's image, `{ src, alt }` or a URL) to its value in
 * the entry's map: a change replaces the value whole.
 *
 * @example
 * bindListValue(imageField, findListLeaf(doc, "sections", [0, "image"])!, pageUndo.target);
 */
export function bindListValue(field: BindableValue, leaf: ListLeaf, undo: UndoTarget): FieldBinding {
  return bindValue(
    field,
    {
      read: () => leaf.map.get(leaf.key),
      write: (value) => leaf.map.doc?.transact(() => leaf.map.set(leaf.key, value), LOCAL_ORIGIN),
      observe: (changed) => observeKey(leaf.map, leaf.key, changed),
    },
    undo,
  );
}
