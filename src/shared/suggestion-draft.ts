import { Fragment, type Mark, type Node as RichNode } from "prosemirror-model";
import * as Y from "yjs";
import {
  BLOCK_RETYPE,
  BLOCK_SPLIT,
  BLOCK_SUGGESTIONS,
  ENTRY_PROPOSED_POSITION,
  ENTRY_SUGGESTION,
  readBlockType,
  RETYPE_FROM,
  SUGGEST_INSERT,
  SUGGESTIONS_ROOT,
  type BlockType,
} from "./review-suggestions";

/*
 * The draft ignores open suggestions: what the room writes to D1 (and so what publishes, search
 * indexes and previews) reads proposed text and entries as absent, text and entries proposed for
 * removal as present, formatting and positions as before. One function per shape, so the room and
 * the browser ("the draft as it will publish") read by the same rule.
 */

/**
 * A plain text as the draft holds it: text marked `cms:ins` left out, text marked `cms:del` kept.
 * A mark whose suggestion is no longer open (left over by an edit made while the room settled it)
 * is inert: its text reads as it stands.
 *
 * @example
 * const title = new Y.Doc().getText("title");
 * title.insert(0, "Launch"); title.insert(6, " soon", { "cms:ins": "s1" });
 * draftText(title); // "Launch"
 */
export function draftText(text: Y.Text): string {
  const open = openSuggestionOf(text.doc);
  let out = "";
  for (const op of text.toDelta() as { insert?: unknown; attributes?: Record<string, unknown> }[]) {
    const proposed = op.attributes?.[SUGGEST_INSERT];
    if (typeof op.insert === "string" && !(typeof proposed === "string" && open(proposed))) out += op.insert;
  }
  return out;
}

/**
 * Whether a suggestion is open in `doc` (its entry is in `cms:suggestions`); without a document
 * (a text not yet in one) every suggestion counts as open.
 *
 * @example
 * const open = openSuggestionOf(fragment.doc); open("s1"); // true
 */
export function openSuggestionOf(doc: Y.Doc | null): (id: string) => boolean {
  if (doc === null) return () => true;
  if (!doc.share.has(SUGGESTIONS_ROOT)) return () => false;
  const root = doc.getMap<unknown>(SUGGESTIONS_ROOT);
  return (id) => root.has(id);
}

/**
 * The block an open retype suggestion changed, as it was (its metadata's `from`), by suggestion
 * id; null for an id that is not an open retype. Without a document nothing is known.
 *
 * @example
 * const fromOf = retypedFromOf(fragment.doc); fromOf("s1"); // { type: "paragraph", attrs: {} }
 */
export function retypedFromOf(doc: Y.Doc | null): (id: string) => BlockType | null {
  if (doc === null || !doc.share.has(SUGGESTIONS_ROOT)) return () => null;
  const root = doc.getMap<unknown>(SUGGESTIONS_ROOT);
  return (id) => {
    const meta = root.get(id);
    return meta instanceof Y.Map && meta.get("kind") === "retype" ? readBlockType(meta.get(RETYPE_FROM)) : null;
  };
}

/**
 * A rich-text document as the draft holds it: text marked `insertion` of an open suggestion
 * (`isOpen`, default all) left out, suggestion marks dropped (the text they cover kept as it was),
 * a block split off by an open suggestion (`cms:split`) read as part of the block before it, a
 * block an open suggestion gave another type (`cms:retype`) read as the type it had (`fromOf`,
 * the suggestion's `from`), and the block attributes of suggestions dropped (a proposed join
 * leaves the two blocks as they are).
 *
 * @example
 * draftRichDoc(editorState.doc, openSuggestionOf(ydoc), retypedFromOf(ydoc)).textContent; // the words as they will publish
 */
export function draftRichDoc(doc: RichNode, isOpen: (id: string) => boolean = () => true, fromOf: (id: string) => BlockType | null = () => null): RichNode {
  let proposed = false;
  doc.descendants((node) => {
    if (node.marks.some(isSuggestionMark) || hasBlockSuggestion(node)) proposed = true;
    return !proposed;
  });
  return proposed ? withoutSuggestions(doc, isOpen, fromOf) : doc;
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

function hasBlockSuggestion(node: RichNode): boolean {
  for (const name of BLOCK_SUGGESTIONS.keys()) if (node.attrs[name] != null) return true;
  return false;
}

/*
 * Rebuilds the tree: inline nodes marked `insertion` go, suggestion marks on the rest are dropped,
 * a retyped block takes its old type back, a block split off by an open suggestion joins the
 * textblock before it, and block suggestion attributes go.
 */
function withoutSuggestions(node: RichNode, isOpen: (id: string) => boolean, fromOf: (id: string) => BlockType | null): RichNode {
  if (node.isLeaf) return node.mark(node.marks.filter((mark) => !isSuggestionMark(mark)));
  const children: RichNode[] = [];
  node.forEach((child) => {
    if (child.isInline && child.marks.some((mark) => mark.type.name === "insertion" && isOpen(String(mark.attrs.id)))) return;
    const split = child.attrs[BLOCK_SPLIT];
    const last = children[children.length - 1];
    const draft = asItWas(withoutSuggestions(child, isOpen, fromOf), child.attrs[BLOCK_RETYPE], isOpen, fromOf);
    if (typeof split === "string" && isOpen(split) && last?.isTextblock && draft.isTextblock) {
      children[children.length - 1] = last.copy(Fragment.fromArray([...childrenOf(last), ...childrenOf(draft)]));
    } else children.push(hasBlockSuggestion(draft) ? draft.type.create(withoutBlockSuggestions(draft.attrs), draft.content, draft.marks) : draft);
  });
  // `fromArray` joins neighbouring texts whose marks are now equal, as a valid document needs.
  return node.copy(Fragment.fromArray(children));
}

/* A block an open retype changed, as the type and attributes it had; any other node as it is. */
function asItWas(node: RichNode, retype: unknown, isOpen: (id: string) => boolean, fromOf: (id: string) => BlockType | null): RichNode {
  const from = typeof retype === "string" && isOpen(retype) ? fromOf(retype) : null;
  const type = from ? node.type.schema.nodes[from.type] : undefined;
  return from && type ? type.create(withoutBlockSuggestions({ ...node.attrs, ...from.attrs }), node.content, node.marks) : node;
}

function childrenOf(node: RichNode): RichNode[] {
  const out: RichNode[] = [];
  node.forEach((child) => out.push(child));
  return out;
}

function withoutBlockSuggestions(attrs: RichNode["attrs"]): Record<string, unknown> {
  const out: Record<string, unknown> = { ...attrs };
  for (const name of BLOCK_SUGGESTIONS.keys()) out[name] = null;
  return out;
}
