import type { Transaction } from "prosemirror-state";
import type { EditorView } from "prosemirror-view";
import type * as Y from "yjs";
import { richSync } from "../../src/client/collab/rich-runs";
import type { Review } from "../../src/client/suggest/review";
import { richSuggest } from "../../src/client/suggest/rich-suggest";
import { HeadlessEditor } from "./headless-editor";

/**
 * A headless rich editor bound to `doc`'s `body`, its dispatch wrapped for Suggest mode as the
 * browser editor wraps it.
 *
 * @example
 * const editor = suggestingEditor(new Y.Doc(), createReview({ id: 7, name: "Eve" }, "suggesting"));
 */
export function suggestingEditor(doc: Y.Doc, review: Review): HeadlessEditor {
  const fragment = doc.getXmlFragment("body");
  const suggest = richSuggest(fragment, review);
  const editor = new HeadlessEditor([...suggest.plugins, ...richSync(fragment)]);
  const plain = HeadlessEditor.prototype.dispatch;
  const wrapped = suggest.wrapDispatch(function (this: EditorView, tr: Transaction) {
    plain.call(editor, tr);
  });
  editor.dispatch = (tr: Transaction) => wrapped.call(editor as unknown as EditorView, tr);
  suggest.attach(editor as unknown as EditorView);
  return editor;
}
