import { Plugin, type Transaction } from "prosemirror-state";
import { unstorableContent } from "../../shared/rich-schema";

/** The meta key y-prosemirror's sync plugin marks every change it renders from the shared document with. */
const Y_SYNC_META = "y-sync$";

/**
 * Keeps the editor from making a change the room's guard would refuse (an unsafe link or image
 * URL, an image with no source, nesting past the limit): such a local transaction is dropped and
 * `onRefused` says why. Only what the transaction changed is checked, so typing stays cheap.
 * Changes arriving from the room are never held back (the room sent them; refusing them would
 * split this editor from the others), and neither is an edit of a document that already broke the
 * rule before it (content stored before the rule, kept editable).
 *
 * @example
 * EditorState.create({ schema: richSchema, plugins: [keepStorable((why) => note.say(`Not changed: ${why}.`))] });
 */
export function keepStorable(onRefused: (reason: string) => void): Plugin {
  return new Plugin({
    filterTransaction(tr, state) {
      if (!tr.docChanged || tr.getMeta(Y_SYNC_META) !== undefined) return true;
      const reason = changedBlocks(tr).map(([from, to]) => unstorableContent(tr.doc, from, to)).find((found) => found !== null) ?? null;
      if (reason === null || unstorableContent(state.doc) !== null) return true;
      onRefused(reason);
      return false;
    },
  });
}

/**
 * The top-level blocks of the transaction's final document that its steps touched: whole blocks,
 * since a step may change only a wrapper's tokens (Tab nesting a list item) and still move
 * everything inside it deeper.
 */
function changedBlocks(tr: Transaction): [number, number][] {
  const ranges: [number, number][] = [];
  const { doc } = tr;
  tr.mapping.maps.forEach((map, index) => {
    const later = tr.mapping.slice(index + 1);
    map.forEach((_oldStart, _oldEnd, start, end) => {
      const $from = doc.resolve(later.map(start, -1));
      const $to = doc.resolve(later.map(end, 1));
      ranges.push([$from.depth > 0 ? $from.before(1) : $from.pos, $to.depth > 0 ? $to.after(1) : $to.pos]);
    });
  });
  return ranges;
}
