import type { NodeType, ResolvedPos } from "prosemirror-model";
import { setBlockType, wrapIn } from "prosemirror-commands";
import { liftListItem, sinkListItem, wrapInList } from "prosemirror-schema-list";
import type { Command, EditorState } from "prosemirror-state";
import { liftTarget } from "prosemirror-transform";
import { richSchema } from "../../shared/rich-schema";
import type { HeadingLevels } from "./heading-levels";

const { nodes } = richSchema;
const LISTS: readonly NodeType[] = [nodes.bullet_list!, nodes.ordered_list!];

/** Depth of the innermost ancestor of `$pos` that `match` accepts, or -1. */
function ancestorDepth($pos: ResolvedPos, match: (type: NodeType) => boolean): number {
  for (let depth = $pos.depth; depth > 0; depth--) if (match($pos.node(depth).type)) return depth;
  return -1;
}

/**
 * The list the selection is in (the innermost), or null.
 *
 * @example
 * listAt(view.state) === richSchema.nodes.bullet_list;
 */
export function listAt(state: EditorState): NodeType | null {
  const { $from } = state.selection;
  const depth = ancestorDepth($from, (type) => LISTS.includes(type));
  return depth < 0 ? null : $from.node(depth).type;
}

/** Whether the selection sits inside a quote. */
export function inQuote(state: EditorState): boolean {
  return ancestorDepth(state.selection.$from, (type) => type === nodes.blockquote) >= 0;
}

/** The heading level of the block the selection starts in, or null when it is not a heading. */
export function headingAt(state: EditorState): number | null {
  const parent = state.selection.$from.parent;
  return parent.type === nodes.heading ? Number(parent.attrs.level) : null;
}

/**
 * The Heading button: a paragraph becomes a heading at the field's top level; pressed again, the
 * heading steps one allowed level down, and past the last one it is a paragraph again.
 *
 * @example
 * cycleHeading([2, 3, 4])(view.state, view.dispatch);
 */
export function cycleHeading(levels: HeadingLevels): Command {
  return (state, dispatch) => {
    const level = headingAt(state);
    const next = level === null ? levels[0] : levels.find((allowed) => allowed > level);
    return next === undefined ? setBlockType(nodes.paragraph!)(state, dispatch) : setBlockType(nodes.heading!, { level: next })(state, dispatch);
  };
}

/**
 * The Heading level choice: the selected blocks become headings of `level`, or paragraphs for 0.
 *
 * @example
 * setHeading(3)(view.state, view.dispatch);
 */
export function setHeading(level: number): Command {
  return level === 0 ? setBlockType(nodes.paragraph!) : setBlockType(nodes.heading!, { level });
}

/**
 * The list buttons: outside a list, the selected blocks become one; inside a list of this kind,
 * its items leave it (one level); inside the other kind, that list changes kind.
 *
 * @example
 * toggleList(richSchema.nodes.ordered_list!)(view.state, view.dispatch);
 */
export function toggleList(type: NodeType): Command {
  return (state, dispatch) => {
    const { $from } = state.selection;
    const depth = ancestorDepth($from, (candidate) => LISTS.includes(candidate));
    if (depth < 0) return wrapInList(type)(state, dispatch);
    if ($from.node(depth).type === type) return liftListItem(nodes.list_item!)(state, dispatch);
    dispatch?.(state.tr.setNodeMarkup($from.before(depth), type));
    return true;
  };
}

/**
 * The Quote button: the selected blocks go into a quote, or come out of the one they are in.
 *
 * @example
 * toggleQuote(view.state, view.dispatch);
 */
export const toggleQuote: Command = (state, dispatch) => {
  const { $from, $to } = state.selection;
  const range = $from.blockRange($to, (node) => node.type === nodes.blockquote);
  if (!range) return wrapIn(nodes.blockquote!)(state, dispatch);
  const target = liftTarget(range);
  if (target === null) return false;
  dispatch?.(state.tr.lift(range, target).scrollIntoView());
  return true;
};

/**
 * Tab in a list nests the item under the one above; elsewhere (or in a first item) Tab is left to
 * the browser, so it still moves the focus on and never traps a keyboard user.
 *
 * @example
 * const keys = { Tab: indentItem, "Shift-Tab": outdentItem };
 */
export const indentItem: Command = (state, dispatch) => sinkListItem(nodes.list_item!)(state, dispatch);

/** Shift+Tab in a list: the item moves one level out (out of the list at the top level). */
export const outdentItem: Command = (state, dispatch) => (listAt(state) ? liftListItem(nodes.list_item!)(state, dispatch) : false);
