import { disableSuggestChanges, enableSuggestChanges, suggestChanges, withSuggestChanges } from "@handlewithcare/prosemirror-suggest-changes";
import type { Node as RichNode } from "prosemirror-model";
import { Plugin, type Transaction } from "prosemirror-state";
import { Decoration, DecorationSet, type EditorView } from "prosemirror-view";
import { editorColor } from "../../shared/editor-color";
import { ySyncPluginKey } from "y-prosemirror";
import type * as Y from "yjs";
import { SUGGESTION_MARKS, type SuggestionKind } from "../../shared/review-suggestions";
import { fieldOf, newSuggestionId, recordSuggestion, suggestionMeta } from "./model";
import { keepOwnIds } from "./rich-own-ids";
import type { Review } from "./review";

/** Transaction origin of a rich field's suggestion metadata, written just before its marked content. */
export const SUGGESTION_META_ORIGIN = Symbol("cms-suggestion-meta");

/** Why a change of the paragraphs themselves is not made in Suggesting mode. */
export const BLOCKS_NOT_SUGGESTED = "New paragraphs, headings and other block changes cannot be suggested yet: switch to Editing to make them";

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
    plugins: [suggestChanges(), authorColours(fragment)],
    wrapDispatch(dispatch) {
      return withSuggestChanges(function (this: EditorView, tr: Transaction) {
        const doc = fragment.doc;
        const who = review.who;
        if (doc && who && review.mode() === "suggesting" && tr.getMeta(ySyncPluginKey)?.isChangeOrigin !== true) {
          if (tr.docChanged && blockShape(tr.before) !== blockShape(tr.doc)) {
            pending.clear();
            review.tell(BLOCKS_NOT_SUGGESTED);
            return;
          }
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

/* Each suggestion mark drawn in its author's colour, and named for who suggested it. */
function authorColours(fragment: Y.XmlFragment): Plugin {
  return new Plugin({
    props: {
      decorations(state) {
        const doc = fragment.doc;
        if (!doc) return null;
        const decorations: Decoration[] = [];
        state.doc.descendants((node, pos) => {
          const mark = node.isText ? node.marks.find((m) => m.type.name in KIND) : undefined;
          const meta = mark ? suggestionMeta(doc, mark.attrs.id) : null;
          if (!mark || !meta) return true;
          const what = mark.type.name === "insertion" ? "adding" : mark.type.name === "deletion" ? "deleting" : "changing";
          decorations.push(Decoration.inline(pos, pos + node.nodeSize, { style: `--cms-author:${editorColor(String(meta.author))}`, title: `${meta.authorName || "Someone"} suggests ${what}`, "data-cms-suggestion": String(mark.attrs.id) }));
          return false;
        });
        return DecorationSet.create(state.doc, decorations);
      },
    },
  });
}

/*
 * The blocks of a document, each by type and attributes. The room's document keeps suggestions as
 * marks on text only (y-prosemirror drops the node marks the suggestion package puts on blocks), so
 * a suggestion that splits, joins, adds or retypes a block would change the draft itself; such a
 * transaction is refused instead.
 */
function blockShape(doc: RichNode): string {
  const parts: string[] = [];
  doc.descendants((node) => {
    if (node.isBlock) parts.push(`${node.type.name}${JSON.stringify(node.attrs)}`);
    return !node.isTextblock;
  });
  return parts.join("|");
}
