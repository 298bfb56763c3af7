import type { Node as RichNode } from "prosemirror-model";
import type { Transaction } from "prosemirror-state";
import { ReplaceStep } from "prosemirror-transform";
import { BLOCK_JOIN, BLOCK_SPLIT, BLOCK_SUGGESTIONS } from "../../shared/review-suggestions";

/*
 * Block suggestions in a rich field (docs/room-protocol.md, "Suggesting from the browser editor"):
 * the suggestion package marks a split with node marks y-prosemirror does not store, so a split
 * or a join is kept as a node attribute instead, which y-prosemirror stores on the block's
 * Y.XmlElement. `cms:split` = id on a block split off the one before it; `cms:join` = id on a
 * block proposed to join the one before it (the two stay apart until accepted).
 */

/** A split (Enter) or a join (Backspace at a block's start, Delete at its end) a transaction makes, and nothing else. */
export type BlockEdit = { kind: "split"; pos: number } | { kind: "join"; pos: number };

/**
 * The split or join `tr` is, or null: a split is one step opening a new textblock beside an
 * existing one (`pos`: the new block in `tr.doc`); a join is one step closing the gap between two
 * sibling textblocks (`pos`: the second block in `tr.before`). Anything else (a split that also
 * deletes a selection, a list item, a type change) is not one.
 *
 * @example
 * blockEdit(tr) // { kind: "split", pos: 8 }
 */
export function blockEdit(tr: Transaction): BlockEdit | null {
  const step = tr.steps.length === 1 ? tr.steps[0] : undefined;
  if (!(step instanceof ReplaceStep)) return null;
  const { from, to, slice } = step;
  const before = tr.before;
  if (from === to && slice.openStart === 1 && slice.openEnd === 1 && slice.content.childCount === 2) {
    const $at = before.resolve(from);
    const [first, second] = [slice.content.child(0), slice.content.child(1)];
    const fits = $at.parent.isTextblock && first.isTextblock && second.isTextblock && first.content.size === 0 && second.content.size === 0;
    return fits && suggestable(second) ? { kind: "split", pos: from + 1 } : null;
  }
  if (to - from === 2 && slice.size === 0) {
    // Backspace in an empty block deletes it: the same as joining it to the block before.
    const empty = before.nodeAt(from);
    if (empty?.isTextblock && empty.nodeSize === 2) return before.resolve(from).nodeBefore?.isTextblock && suggestable(empty) ? { kind: "join", pos: from } : null;
    const $from = before.resolve(from);
    const $to = before.resolve(to);
    const joins = $from.parent.isTextblock && $to.parent.isTextblock && $from.depth === $to.depth && $from.parentOffset === $from.parent.content.size && $to.parentOffset === 0;
    return joins && suggestable($from.parent) && suggestable($to.parent) ? { kind: "join", pos: to - 1 } : null;
  }
  return null;
}

/**
 * After a transaction, each block suggestion id on one block only: a block split (in either mode)
 * copies its attributes to the new block, which would claim the suggestion a second time (and
 * the room refuses anyone but its author writing it). The later copy loses it.
 *
 * @example
 * clearCopiedBlockIds(tr);
 */
export function clearCopiedBlockIds(tr: Transaction): void {
  if (!tr.docChanged) return;
  const seen = new Set<string>();
  const copies: { pos: number; name: string }[] = [];
  tr.doc.descendants((node, pos) => {
    for (const name of BLOCK_SUGGESTIONS.keys()) {
      const id = node.attrs[name];
      if (typeof id !== "string") continue;
      if (seen.has(`${name} ${id}`)) copies.push({ pos, name });
      seen.add(`${name} ${id}`);
    }
    return !node.isTextblock;
  });
  for (const { pos, name } of copies) tr.setNodeAttribute(pos, name, null);
}

/**
 * The block suggestion ids a document carries, with their attribute, in document order.
 *
 * @example
 * blockSuggestions(state.doc) // [{ pos: 8, node, name: "cms:split", id: "q8w2k3v9m7ab" }]
 */
export function blockSuggestions(doc: RichNode): { pos: number; node: RichNode; name: string; id: string }[] {
  const out: { pos: number; node: RichNode; name: string; id: string }[] = [];
  doc.descendants((node, pos) => {
    for (const name of BLOCK_SUGGESTIONS.keys()) {
      const id = node.attrs[name];
      if (typeof id === "string") out.push({ pos, node, name, id });
    }
    return !node.isTextblock;
  });
  return out;
}

export { BLOCK_JOIN, BLOCK_SPLIT };

/* A block that can hold a block suggestion: one whose type declares the attributes. */
function suggestable(node: RichNode): boolean {
  return BLOCK_SPLIT in (node.type.spec.attrs ?? {});
}
