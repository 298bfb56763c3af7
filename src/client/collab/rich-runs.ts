import { Plugin, PluginKey, TextSelection, type EditorState, type Transaction } from "prosemirror-state";
import { ReplaceStep } from "prosemirror-transform";
import { absolutePositionToRelativePosition, ySyncPlugin, ySyncPluginKey, type ProsemirrorBinding } from "y-prosemirror";
import * as Y from "yjs";
import { SUGGESTION_MARKS } from "../../shared/review-suggestions";
import { movedInDom } from "./dom-caret";

/** A keystroke's text and where it went, in the document before it. */
interface Typed {
  pos: number;
  text: string;
  before: EditorState["doc"];
}

const KEY = new PluginKey<Typed | null>("cms-own-runs");

/**
 * Keeps each editor's run of letters together when two people type at one spot of a rich field,
 * as the plain fields do. Yjs keeps runs whole when every insert's left neighbour is its author's
 * previous letter; y-prosemirror loses that twice: it restores the caret after a remote change
 * tied to the letter on its right, so a word the other editor typed at the caret lands before it
 * and the next keystroke follows their letter; and it turns a keystroke into a Yjs insert by
 * diffing the text, which places a letter typed next to the same letter after the wrong one. This
 * plugin ties a collapsed caret to the letter on its left, and puts a typed letter into the
 * `Y.XmlText` exactly where ProseMirror typed it (the sync plugin then finds nothing left to do).
 * It goes before `ySyncPlugin` in the plugin list.
 *
 * @example
 * plugins: [ownRuns(), ySyncPlugin(fragment)]
 */
export function ownRuns(): Plugin {
  return new Plugin<Typed | null>({
    key: KEY,
    state: {
      init: () => null,
      apply: (tr, _value, oldState) => typedIn(tr, oldState),
    },
    view(view) {
      const binding = bindingOf(view.state);
      if (!binding) return {};
      let inserting = false;
      // Registered before the sync plugin's own handler (its view starts after this one), which
      // then keeps this selection instead of taking one tied to the right.
      const holdCaret = () => {
        const current = binding.prosemirrorView;
        if (inserting || binding.beforeTransactionSelection !== null || !current) return;
        const selection = movedInDom(current) ?? current.state.selection;
        if (!(selection instanceof TextSelection)) return;
        if (!selection.empty) {
          if (selection !== current.state.selection) binding.beforeTransactionSelection = relativeSelection(binding, selection);
          return;
        }
        const at = leftOf(binding, selection.head);
        if (at) binding.beforeTransactionSelection = { type: "text", anchor: at, head: at };
        else if (selection !== current.state.selection) binding.beforeTransactionSelection = relativeSelection(binding, selection);
      };
      binding.doc.on("beforeAllTransactions", holdCaret);
      return {
        update(_view, prevState) {
          const typed = KEY.getState(view.state);
          if (!typed || typed.before !== prevState.doc || !binding.prosemirrorView) return;
          const place = textAt(binding, typed.pos);
          if (!place) return;
          inserting = true;
          try {
            // Inside the binding's mutex: its observer must not redraw the editor from this change.
            binding.mux(() => binding.doc.transact(() => place.type.insert(place.index, typed.text), ySyncPluginKey));
          } finally {
            inserting = false;
          }
        },
        destroy: () => binding.doc.off("beforeAllTransactions", holdCaret),
      };
    },
  });
}

/* A transaction that only types text at one place (what a keystroke makes), or null. */
function typedIn(tr: Transaction, before: EditorState): Typed | null {
  if (tr.getMeta(ySyncPluginKey) !== undefined || tr.steps.length !== 1) return null;
  const step = tr.steps[0];
  if (!(step instanceof ReplaceStep) || step.from !== step.to) return null;
  const { content, openStart, openEnd } = step.slice;
  const node = content.firstChild;
  if (openStart !== 0 || openEnd !== 0 || content.childCount !== 1 || !node?.isText || !node.text) return null;
  // Suggested text carries its suggestion's mark, which the sync plugin writes as the text's attribute.
  if (node.marks.some((mark) => (SUGGESTION_MARKS as readonly string[]).includes(mark.type.name))) return null;
  return { pos: step.from, text: node.text, before: before.doc };
}

function bindingOf(state: EditorState): ProsemirrorBinding | null {
  const binding = (ySyncPluginKey.getState(state) as { binding?: ProsemirrorBinding } | undefined)?.binding;
  return binding ?? null;
}

/* The `Y.XmlText` and index a ProseMirror position falls in, or null when it is not inside a text (an empty paragraph). */
function textAt(binding: ProsemirrorBinding, pos: number): { type: Y.XmlText; index: number } | null {
  const relative = absolutePositionToRelativePosition(pos, binding.type, binding.mapping) as Y.RelativePosition;
  const absolute = Y.createAbsolutePositionFromRelativePosition(relative, binding.doc);
  return absolute && absolute.type instanceof Y.XmlText ? { type: absolute.type, index: absolute.index } : null;
}

function relativeSelection(binding: ProsemirrorBinding, selection: TextSelection) {
  const at = (pos: number) => absolutePositionToRelativePosition(pos, binding.type, binding.mapping) as Y.RelativePosition;
  return { type: "text", anchor: at(selection.anchor), head: at(selection.head) };
}

/* A position tied to the letter left of `pos` (so text inserted at `pos` by others goes after it), or null. */
function leftOf(binding: ProsemirrorBinding, pos: number): Y.RelativePosition | null {
  const place = textAt(binding, pos);
  return place && place.index > 0 ? Y.createRelativePositionFromTypeIndex(place.type, place.index, -1) : null;
}

/**
 * The plugins that keep a rich field's document in step with its `Y.XmlFragment`: y-prosemirror's
 * sync, with {@link ownRuns} before it.
 *
 * @example
 * EditorState.create({ schema: richSchema, plugins: richSync(doc.getXmlFragment("body")) });
 */
export function richSync(fragment: Y.XmlFragment): Plugin[] {
  return [ownRuns(), ySyncPlugin(fragment) as Plugin];
}
