import type { Node as RichNode } from "prosemirror-model";
import type { EditorState, Transaction } from "prosemirror-state";
import { AttrStep, ReplaceAroundStep } from "prosemirror-transform";
import { BLOCK_JOIN, BLOCK_RETYPE, BLOCK_SPLIT, blockTypeNamed, sameBlockType, type BlockType, type SuggestionMeta } from "../../shared/review-suggestions";

/*
 * A block's type changed in Suggesting mode (docs/room-protocol.md, "Suggesting from the browser
 * editor"): a paragraph made a heading, a heading's level, a heading made a paragraph. The block
 * takes its new type with `cms:retype` = a suggestion id, whose metadata's `from` keeps the type
 * it had, so the draft (and a rejection) reads it as it was.
 */

/** One textblock a transaction gave another type: where it is, and the node before and after. */
export interface Retyped {
  pos: number;
  before: RichNode;
  after: RichNode;
}

/** Why a retype is not suggested: the block's type already has another editor's open suggestion. */
export const RETYPE_TAKEN = "Another editor suggested a type for this block: accept or reject that suggestion first, or switch to Editing";

/**
 * The blocks `tr` gives another type, and nothing else, or null: the same textblocks at the same
 * places with the same content, some of them paragraphs or headings whose type or level changed
 * (the Heading button, the level choice). Anything else (a list, a quote, text typed with it) is
 * not a retype.
 *
 * @example
 * retypeEdit(tr) // [{ pos: 0, before: paragraph, after: heading }]
 */
export function retypeEdit(tr: Transaction): Retyped[] | null {
  if (!tr.docChanged || !tr.steps.every((step) => step instanceof ReplaceAroundStep || step instanceof AttrStep)) return null;
  const before = textblocks(tr.before);
  const after = textblocks(tr.doc);
  if (before.length !== after.length) return null;
  const out: Retyped[] = [];
  for (const [i, was] of before.entries()) {
    const now = after[i] as (typeof after)[number];
    if (was.pos !== now.pos || !was.node.content.eq(now.node.content)) return null;
    if (was.node.sameMarkup(now.node)) continue;
    const from = richBlockType(was.node);
    const to = richBlockType(now.node);
    if (!from || !to || sameBlockType(from, to)) return null;
    out.push({ pos: was.pos, before: was.node, after: now.node });
  }
  return out.length > 0 ? out : null;
}

/** What suggesting a retype needs of the editor: the open suggestions it sees, and who suggests. */
export interface RetypeContext {
  meta(id: unknown): SuggestionMeta | null;
  isOwn(id: unknown): boolean;
  newId(): string;
  suggestion(from: BlockType): SuggestionMeta;
}

/**
 * The transaction that suggests `retypes` on `state`, with the suggestions to record first; or
 * the words why not. Each block gets a new suggestion whose `from` is its type now; a block the
 * same editor already retyped keeps that suggestion (its `from` is the type the draft still
 * has), and going back to that type takes the suggestion back for real. The block's open split
 * and join stay on it.
 *
 * @example
 * const result = suggestRetypes(view.state, retypes, context);
 * if ("refused" in result) review.tell(result.refused);
 */
export function suggestRetypes(state: EditorState, retypes: readonly Retyped[], context: RetypeContext): { tr: Transaction; record: [string, SuggestionMeta][] } | { refused: string } {
  const tr = state.tr;
  const record: [string, SuggestionMeta][] = [];
  for (const { pos, before, after } of retypes) {
    const current = before.attrs[BLOCK_RETYPE];
    const open = context.meta(current);
    if (open && !context.isOwn(current)) return { refused: RETYPE_TAKEN };
    const from = open?.from ?? (richBlockType(before) as BlockType);
    const back = sameBlockType(from, richBlockType(after) as BlockType);
    let id: string | null = open ? (current as string) : null;
    if (id === null && !back) {
      id = context.newId();
      record.push([id, context.suggestion(from)]);
    }
    tr.setNodeMarkup(pos, after.type, { ...after.attrs, [BLOCK_SPLIT]: before.attrs[BLOCK_SPLIT], [BLOCK_JOIN]: before.attrs[BLOCK_JOIN], [BLOCK_RETYPE]: back ? null : id });
  }
  return { tr, record };
}

/**
 * A paragraph's or heading's type as a retype spells it, or null for any other node.
 *
 * @example
 * richBlockType(state.doc.child(0)) // { type: "paragraph", attrs: {} }
 */
export function richBlockType(node: RichNode): BlockType | null {
  return blockTypeNamed(node.type.name, node.attrs.level);
}

/* The textblocks of a document with their positions, in order. */
function textblocks(doc: RichNode): { pos: number; node: RichNode }[] {
  const out: { pos: number; node: RichNode }[] = [];
  doc.descendants((node, pos) => {
    if (node.isTextblock) out.push({ pos, node });
    return !node.isTextblock;
  });
  return out;
}
