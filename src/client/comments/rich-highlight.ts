import { Plugin, PluginKey } from "prosemirror-state";
import { Decoration, DecorationSet, type EditorView } from "prosemirror-view";

/** A thread's words in a rich field, as decorated. */
export interface RichMark {
  id: string;
  from: number;
  to: number;
  active: boolean;
}

const KEY = new PluginKey<DecorationSet>("cms-comment-marks");

/**
 * Highlights the words threads are on in a rich field, as decorations (never marks: nothing of it
 * is part of the document, so nothing of it is saved or sent to the room). The comments panel sets
 * them with {@link showRichMarks}; between two settings they follow the document's changes.
 *
 * @example
 * mountRichText(element, { plugins: [...sync, commentMarks()] });
 */
export function commentMarks(): Plugin<DecorationSet> {
  return new Plugin<DecorationSet>({
    key: KEY,
    state: {
      init: () => DecorationSet.empty,
      apply(tr, set) {
        const marks = tr.getMeta(KEY) as RichMark[] | undefined;
        if (!marks) return set.map(tr.mapping, tr.doc);
        const size = tr.doc.content.size;
        const decorations = marks
          .filter((mark) => mark.from < mark.to && mark.to <= size)
          .map((mark) =>
            Decoration.inline(mark.from, mark.to, { class: mark.active ? "cms-comment-mark cms-comment-active" : "cms-comment-mark", "data-cms-thread": mark.id }, { inclusiveStart: false, inclusiveEnd: false, id: mark.id, active: mark.active }),
          );
        return DecorationSet.create(tr.doc, decorations);
      },
    },
    props: {
      decorations: (state) => KEY.getState(state) ?? DecorationSet.empty,
    },
  });
}

/**
 * Replaces the highlighted threads of a rich field's editor (one that has {@link commentMarks});
 * does nothing when they are the same as shown.
 *
 * @example
 * showRichMarks(view, [{ id: "t1", from: 3, to: 9, active: false }]);
 */
export function showRichMarks(view: EditorView, marks: readonly RichMark[]): void {
  const set = KEY.getState(view.state);
  if (!set) return;
  const key = (id: unknown, from: number, to: number, active: unknown) => `${String(id)}:${from}-${to}:${active === true}`;
  const shown = set.find().map((d) => key((d.spec as RichMark).id, d.from, d.to, (d.spec as RichMark).active));
  const wanted = marks.filter((m) => m.from < m.to && m.to <= view.state.doc.content.size).map((m) => key(m.id, m.from, m.to, m.active));
  if (shown.length === wanted.length && shown.sort().join() === wanted.sort().join()) return;
  view.dispatch(view.state.tr.setMeta(KEY, marks).setMeta("addToHistory", false));
}
