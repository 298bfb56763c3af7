import { EditorState, TextSelection, type Plugin, type PluginView, type Transaction } from "prosemirror-state";
import type { EditorView } from "prosemirror-view";
import { richSchema } from "../../src/shared/rich-schema";

/**
 * A ProseMirror editor without a DOM, for workerd: the state, the plugins' views (y-prosemirror's
 * sync lives in one) and `dispatch`, as EditorView runs them. A keystroke is what ProseMirror
 * makes of one in a browser: `insertText` at the selection.
 */
export class HeadlessEditor {
  state: EditorState;
  readonly #views: PluginView[] = [];

  constructor(plugins: Plugin[]) {
    this.state = EditorState.create({ schema: richSchema, plugins });
    // y-prosemirror reads the view's state and dispatches through it; nothing else of EditorView.
    const view = this as unknown as EditorView;
    for (const plugin of this.state.plugins) {
      const made = plugin.spec.view?.(view);
      if (made) this.#views.push(made);
    }
  }

  dispatch(tr: Transaction): void {
    const before = this.state;
    this.state = before.apply(tr);
    for (const made of this.#views) made.update?.(this as unknown as EditorView, before);
  }

  hasFocus(): boolean {
    return false;
  }

  /** Puts the caret at `pos`. */
  place(pos: number): void {
    this.dispatch(this.state.tr.setSelection(TextSelection.create(this.state.doc, pos)));
  }

  /** Types one key at the caret. */
  key(letter: string): void {
    this.dispatch(this.state.tr.insertText(letter));
  }

  text(): string {
    return this.state.doc.textContent;
  }

  destroy(): void {
    for (const made of this.#views) made.destroy?.();
  }
}
