import { Fragment, type Mark, type Node as RichNode } from "prosemirror-model";
import * as Y from "yjs";
import { ENTRY_PROPOSED_POSITION, ENTRY_SUGGESTION, SUGGEST_INSERT, SUGGESTIONS_ROOT } from "./review-suggestions";

/*
 * The draft ignores open suggestions: what the room writes to D1 (and so what publishes, search
 * indexes and previews) reads proposed text and entries as absent, text and entries proposed for
 * removal as present, formatting and positions as before. One function per shape, so the room and
 * the browser ("the draft as it will publish") read by the same rule.
 */

/**
 * A plain text as the draft holds it: text marked `cms:ins` left out, text marked `cms:del` kept.
 *
 * @example
 * const title = new Y.Doc().getText("title");
 * title.insert(0, "Launch"); title.insert(6, " soon", { "cms:ins": "s1" });
 * draftText(title); // "Launch"
 */
export function draftText(text: Y.Text): string {
  let out = "";
  for (const op of text.toDelta() as { insert?: unknown; attributes?: Record<string, unknown> }[]) {
    if (typeof op.insert === "string" && !op.attributes?.[SUGGEST_INSERT]) out += op.insert;
  }
  return out;
}

/**
 * A rich-text document as the draft holds it: text marked `insertion` left out, `deletion` and
 * `modification` marks dropped (the text they cover kept as it was).
 *
 * @example
 * draftRichDoc(editorState.doc).textContent; // the words as they will publish
 */
export function draftRichDoc(doc: RichNode): RichNode {
  let proposed = false;
  doc.descendants((node) => {
    if (node.marks.some(isSuggestionMark)) proposed = true;
    return !proposed;
  });
  return proposed ? withoutSuggestions(doc) : doc;
}

/**
 * Whether a list entry is an open proposal to add it (absent from the draft). An entry proposed
 * for removal, or to move (`cms:pos`; it keeps its `_pos` until accepted), is present as it was.
 *
 * @example
 * orderedItems(doc.getArray("sections")).filter((item) => !(item instanceof Y.Map && isProposedEntry(item)));
 */
export function isProposedEntry(entry: Y.Map<unknown>): boolean {
  const id = entry.get(ENTRY_SUGGESTION);
  if (typeof id !== "string" || entry.has(ENTRY_PROPOSED_POSITION) || entry.doc === null) return false;
  const meta = entry.doc.getMap<unknown>(SUGGESTIONS_ROOT).get(id);
  return meta instanceof Y.Map && meta.get("kind") === "add";
}

/**
 * Whether an entry key is the review's own (`cms:suggest`, `cms:pos`), never content of the entry.
 *
 * @example
 * isReviewKey("cms:pos"); // true
 */
export function isReviewKey(key: string): boolean {
  return key.startsWith("cms:");
}

function isSuggestionMark(mark: Mark): boolean {
  const name = mark.type.name;
  return name === "insertion" || name === "deletion" || name === "modification";
}

/* Rebuilds the tree: inline nodes marked `insertion` go, suggestion marks on the rest are dropped. */
function withoutSuggestions(node: RichNode): RichNode {
  if (node.isLeaf) return node.mark(node.marks.filter((mark) => !isSuggestionMark(mark)));
  const children: RichNode[] = [];
  node.forEach((child) => {
    if (child.isInline && child.marks.some((mark) => mark.type.name === "insertion")) return;
    children.push(withoutSuggestions(child));
  });
  // `fromArray` joins neighbouring texts whose marks are now equal, as a valid document needs.
  return node.copy(Fragment.fromArray(children));
}
