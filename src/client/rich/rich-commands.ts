import { chainCommands, deleteSelection, joinBackward, joinForward, liftEmptyBlock, selectNodeBackward, selectNodeForward } from "prosemirror-commands";
import { undoInputRule } from "prosemirror-inputrules";
import type { MarkType } from "prosemirror-model";
import { splitListItem } from "prosemirror-schema-list";
import type { Command } from "prosemirror-state";
import { richSchema } from "../../shared/rich-schema";
import { indentItem, outdentItem } from "./block-commands";
import { backspaceCaption, leaveCaption } from "./image-figure";

const { nodes } = richSchema;

/**
 * Toggles a mark on the selection, or on what is typed next when the selection is empty.
 *
 * @example
 * toggleMark(richSchema.marks.strong)(view.state, view.dispatch);
 */
export function toggleMark(type: MarkType, attrs?: Record<string, unknown>): Command {
  return (state, dispatch) => {
    const { from, to, empty, $from } = state.selection;
    if (empty) {
      const marks = state.storedMarks ?? $from.marks();
      dispatch?.(type.isInSet(marks) ? state.tr.removeStoredMark(type) : state.tr.addStoredMark(type.create(attrs)));
      return true;
    }
    const has = state.doc.rangeHasMark(from, to, type);
    dispatch?.(has ? state.tr.removeMark(from, to, type) : state.tr.addMark(from, to, type.create(attrs)));
    return true;
  };
}

/**
 * Enter inside a code block: a new line of code. Tried before the list and block splits, which
 * would otherwise split the code block's item.
 *
 * @example
 * enterInPlace(view.state, view.dispatch);
 */
export const enterInPlace: Command = (state, dispatch) => {
  if (!state.selection.$from.parent.type.spec.code) return false;
  dispatch?.(state.tr.insertText("\n").scrollIntoView());
  return true;
};

/**
 * Enter outside lists: a new block; the end of a heading continues as a paragraph.
 *
 * @example
 * splitBlock(view.state, view.dispatch);
 */
export const splitBlock: Command = (state, dispatch) => {
  const parent = state.selection.$from.parent;
  if (!parent.isTextblock) return false;
  const tr = state.tr.deleteSelection();
  const $pos = tr.selection.$from;
  const next = parent.type === nodes.heading && $pos.parentOffset === $pos.parent.content.size ? [{ type: nodes.paragraph! }] : undefined;
  dispatch?.(tr.split($pos.pos, 1, next).scrollIntoView());
  return true;
};

/**
 * Shift-Enter: a line break inside the current block.
 *
 * @example
 * insertHardBreak(view.state, view.dispatch);
 */
export const insertHardBreak: Command = (state, dispatch) => {
  if (!state.selection.$from.parent.inlineContent || state.selection.$from.parent.type.spec.code) return false;
  dispatch?.(state.tr.replaceSelectionWith(nodes.hard_break!.create()).scrollIntoView());
  return true;
};

/** Commands by key name (`Mod` is Cmd on macOS, Ctrl elsewhere). */
export type KeyBindings = Record<string, Command>;

/**
 * The base key bindings of the rich-text editor. Enter in a caption goes on under its figure
 * (`leaveCaption`); Enter in an empty list item or quote line leaves
 * it; Backspace right after a markdown shortcut takes the shortcut back, at the start of a caption
 * selects its picture (`backspaceCaption`), at the start of a block joins it to the one before (or lifts it out of its list or quote); Tab and Shift+Tab nest and
 * un-nest list items.
 *
 * @example
 * const bindings = { ...baseKeys(), "Mod-z": undo };
 */
export function baseKeys(): KeyBindings {
  return {
    Enter: chainCommands(enterInPlace, leaveCaption, splitListItem(nodes.list_item!), liftEmptyBlock, splitBlock),
    "Shift-Enter": insertHardBreak,
    Backspace: chainCommands(undoInputRule, deleteSelection, backspaceCaption, joinBackward, selectNodeBackward),
    Delete: chainCommands(deleteSelection, joinForward, selectNodeForward),
    Tab: indentItem,
    "Shift-Tab": outdentItem,
    "Mod-b": toggleMark(richSchema.marks.strong!),
    "Mod-i": toggleMark(richSchema.marks.em!),
    "Mod-u": toggleMark(richSchema.marks.underline!),
  };
}

/**
 * The binding name of a key event: `Mod-Shift-z`, `Enter`, `Shift-Enter`.
 *
 * @example
 * keyName({ key: "b", ctrlKey: true, metaKey: false, shiftKey: false, altKey: false }, false) // "Mod-b"
 */
export function keyName(event: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "shiftKey" | "altKey">, mac: boolean): string {
  const mod = mac ? event.metaKey : event.ctrlKey;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  return `${mod ? "Mod-" : ""}${event.altKey ? "Alt-" : ""}${event.shiftKey ? "Shift-" : ""}${key}`;
}
