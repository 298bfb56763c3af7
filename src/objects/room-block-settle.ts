import * as Y from "yjs";
import { BLOCK_JOIN, BLOCK_RETYPE, BLOCK_SPLIT, blockTypeNamed, type BlockType, type SuggestionDecision, type SuggestionMeta } from "../shared/review-suggestions";
import { joinToPrevious } from "./room-block-join";

/*
 * Settling the block suggestions of a rich-text field (docs/room-protocol.md, "Suggestions"):
 * `cms:split` and `cms:join` make one block of two or drop the attribute, `cms:retype` drops the
 * attribute (accepted) or gives the block back the type and attributes its suggestion's `from`
 * holds (rejected). Runs inside the settle's one transaction, after the texts were settled.
 */

/** A block carrying a block suggestion attribute naming `id`, in the field `root`. */
export interface MarkedBlock {
  element: Y.XmlElement;
  attribute: string;
  id: string;
  root: string;
}

/**
 * Settles the blocks of the suggestions in `wanted` (each with its metadata) and clears the
 * attributes of suggestions no longer open (`isOpen`); returns the fields whose content changed.
 * A retype is settled after the splits and joins, so a block joined to another is gone before its
 * type would be given back, and a block given its type back keeps the splits and joins still open.
 *
 * @example
 * doc.transact(() => settleBlocks(blocks, new Map([["s1", meta]]), "reject", isOpen), origin); // ["body"]
 */
export function settleBlocks(blocks: readonly MarkedBlock[], wanted: ReadonlyMap<string, SuggestionMeta>, decision: SuggestionDecision, isOpen: (id: string) => boolean): string[] {
  const touched = new Set<string>();
  const ordered = [...blocks.filter((b) => b.attribute !== BLOCK_RETYPE), ...blocks.filter((b) => b.attribute === BLOCK_RETYPE)];
  for (const { element, attribute, id, root } of ordered) {
    if (element._item?.deleted) continue;
    const meta = wanted.get(id);
    if (meta === undefined) {
      if (!isOpen(id)) element.removeAttribute(attribute);
      continue;
    }
    touched.add(root);
    if (attribute === BLOCK_RETYPE) {
      if (decision === "reject" && meta.from) restoreType(element, meta.from);
      else element.removeAttribute(attribute);
      continue;
    }
    // Rejecting a split and accepting a join both make one block of two again.
    const join = (attribute === BLOCK_SPLIT) === (decision === "reject");
    if (join && (attribute === BLOCK_SPLIT || attribute === BLOCK_JOIN)) joinToPrevious(element, attribute);
    else element.removeAttribute(attribute);
  }
  return [...touched];
}

/**
 * The type a retyped block has now, as a retype's `from` spells it, or null for a block that is
 * no paragraph or heading.
 *
 * @example
 * blockTypeOf(heading) // { type: "heading", attrs: { level: 2 } }
 */
export function blockTypeOf(element: Y.XmlElement): BlockType | null {
  return blockTypeNamed(element.nodeName, element.getAttribute("level"));
}

/*
 * The block as `from` says it was. A Y.XmlElement's name cannot change: a block of another type is
 * replaced by a new element of the old one holding copies of its runs and its other suggestions'
 * attributes, as y-prosemirror writes a retyped block.
 */
function restoreType(element: Y.XmlElement, from: BlockType): void {
  const parent = element.parent;
  if (element.nodeName === from.type || !(parent instanceof Y.XmlFragment)) {
    // y-prosemirror stores a heading's level as a number.
    setAttributes(element as Y.XmlElement<BlockAttributes>, from.attrs);
    element.removeAttribute(BLOCK_RETYPE);
    return;
  }
  const restored = new Y.XmlElement(from.type);
  for (const [name, value] of Object.entries(element.getAttributes())) {
    if ((name === BLOCK_SPLIT || name === BLOCK_JOIN) && typeof value === "string") restored.setAttribute(name, value);
  }
  setAttributes(restored as Y.XmlElement<BlockAttributes>, from.attrs);
  const runs = element.toArray().filter((child): child is Y.XmlText | Y.XmlElement => child instanceof Y.XmlText || child instanceof Y.XmlElement);
  restored.insert(0, runs.map((child) => child.clone()));
  const index = parent.toArray().indexOf(element);
  parent.insert(index, [restored]);
  parent.delete(index + 1, 1);
}

/** A block's attributes as y-prosemirror writes them: suggestion ids as text, a heading's level as a number. */
type BlockAttributes = Record<string, string | number>;

function setAttributes(element: Y.XmlElement<BlockAttributes>, attrs: BlockType["attrs"]): void {
  for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
}
