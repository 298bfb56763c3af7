import { disableSuggestChanges, enableSuggestChanges, suggestChanges, withSuggestChanges } from "@handlewithcare/prosemirror-suggest-changes";
import type { Node as RichNode } from "prosemirror-model";
import type { Plugin, Transaction } from "prosemirror-state";
import type { EditorView } from "prosemirror-view";
import { ySyncPluginKey } from "y-prosemirror";
import type * as Y from "yjs";
import { SUGGESTION_MARKS, type SuggestionKind } from "../../shared/review-suggestions";
import { fieldOf, newSuggestionId, recordSuggestion, suggestionMeta } from "./model";
import { keepOwnIds } from "./rich-own-ids";
import type { Review } from "./review";

/** Transaction origin of a rich field's suggestion metadata, written just before its marked content. */
export const SUGGESTION_META_ORIGIN = Symbol("cms-suggestion-meta");

const KIND: Record<(typeof SUGGESTION_MARKS)[number], SuggestionKind> = { insertion: "insert", deletion: "delete", modification: "format" };

/** What a rich field needs to suggest: the package's plugin, the dispatch wrapper, and the switch. */
export interface RichSuggest {
  plugins: Plugin[];
  wrapDispatch(dispatch: EditorView["dispatch"]): EditorView["dispatch"];
  /** Follows the page's mode on this view from now on; returns the unsubscribe. */
  attach(view: EditorView): () => void;
}

/**
 * Suggest mode for a rich field bound to `fragment`: the suggestion plugin of
 * @handlewithcare/prosemirror-suggest-changes, on while the page is in Suggesting mode, and its
 * `withSuggestChanges` around the editor's dispatch with our string ids (its own numeric counter
 * would give two suggesting editors the same id). Each new suggestion a transaction makes gets its
 * metadata in `cms:suggestions` (author: the signed-in editor) in a Yjs transaction just before
 * the marked content reaches the document, so the room never sees a mark without its suggestion.
 *
 * @example
 * const suggest = richSuggest(doc.getXmlFragment("body"), review);
 * const editor = mountRichText(element, { plugins: suggest.plugins, wrapDispatch: suggest.wrapDispatch });
 * suggest.attach(editor.view);
 */
export function richSuggest(fragment: Y.XmlFragment, review: Review): RichSuggest {
  const pending = new Set<string>();
  const generateId = () => {
    const id = newSuggestionId();
    pending.add(id);
    return id;
  };
  const record = (tr: Transaction) => {
    const doc = fragment.doc;
    const who = review.who;
    if (pending.size === 0 || !doc || !who || !tr.docChanged) return;
    const found = usedIds(tr.doc, pending);
    pending.clear();
    if (found.size === 0) return;
    const field = fieldOf(fragment) ?? "";
    const at = new Date().toISOString();
    doc.transact(() => {
      for (const [id, kind] of found) recordSuggestion(doc, id, { kind, field, author: who.id, authorName: who.name, at });
    }, SUGGESTION_META_ORIGIN);
  };
  return {
    plugins: [suggestChanges()],
    wrapDispatch(dispatch) {
      return withSuggestChanges(function (this: EditorView, tr: Transaction) {
        const doc = fragment.doc;
        const who = review.who;
        if (doc && who && review.mode() === "suggesting" && tr.getMeta(ySyncPluginKey)?.isChangeOrigin !== true) {
          keepOwnIds(tr, (id) => pending.has(id) || String(suggestionMeta(doc, id)?.author) === String(who.id), generateId);
        }
        record(tr);
        dispatch.call(this, tr);
      }, generateId);
    },
    attach(view) {
      const follow = () => {
        const on = review.mode() === "suggesting";
        (on ? enableSuggestChanges : disableSuggestChanges)(view.state, view.dispatch);
      };
      follow();
      return review.onMode(follow);
    },
  };
}

/* The ids of `pending` that a mark in `doc` now carries, with the kind of its mark. */
function usedIds(doc: RichNode, pending: ReadonlySet<string>): Map<string, SuggestionKind> {
  const found = new Map<string, SuggestionKind>();
  doc.descendants((node) => {
    for (const mark of node.marks) {
      const kind = KIND[mark.type.name as keyof typeof KIND];
      const id = mark.attrs.id;
      if (kind && typeof id === "string" && pending.has(id) && !found.has(id)) found.set(id, kind);
    }
    return true;
  });
  return found;
}
