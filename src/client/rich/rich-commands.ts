import type { MarkType } from "prosemirror-model";
import type { Command } from "prosemirror-state";
import { richSchema } from "../../shared/rich-schema";

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
 * Enter: a line in a code block, nothing in a caption (a figure holds one), a new item in a list
 * (its first paragraph splits the item), otherwise a new block; the end of a heading continues as
 * a paragraph.
 *
 * @example
 * splitBlock(view.state, view.dispatch);
 */
export const splitBlock: Command = (state, dispatch) => {
  const { $from } = state.selection;
  const parent = $from.parent;
  if (!parent.isTextblock) return false;
  if (parent.type.spec.code) {
    dispatch?.(state.tr.insertText("\n").scrollIntoView());
    return true;
  }
  if (parent.type === nodes.figcaption) return true;
  const inItem = $from.depth >= 2 && $from.node(-1).type === nodes.list_item && $from.index(-1) === 0;
  const tr = state.tr.deleteSelection();
  const pos = tr.selection.from;
  const atEnd = tr.doc.resolve(pos).parentOffset === tr.doc.resolve(pos).parent.content.size;
  const next = parent.type === nodes.heading && atEnd ? [{ type: nodes.paragraph! }] : undefined;
  dispatch?.(tr.split(pos, inItem ? 2 : 1, inItem ? undefined : next).scrollIntoView());
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
 * The base key bindings of the rich-text editor.
 *
 * @example
 * const bindings = { ...baseKeys(), "Mod-z": undo };
 */
export function baseKeys(): KeyBindings {
  return {
    Enter: splitBlock,
    "Shift-Enter": insertHardBreak,
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
