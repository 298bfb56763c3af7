import { disableSuggestChanges, enableSuggestChanges, suggestChanges, withSuggestChanges } from "@handlewithcare/prosemirror-suggest-changes";
import type { Node as RichNode } from "prosemirror-model";
import { Plugin, type Transaction } from "prosemirror-state";
import { Decoration, DecorationSet, type EditorView } from "prosemirror-view";
import { editorColor } from "../../shared/editor-color";
import { ySyncPluginKey } from "y-prosemirror";
import type * as Y from "yjs";
import { BLOCK_RETYPE, SUGGESTION_MARKS, type SuggestionKind } from "../../shared/review-suggestions";
import { fieldOf, newSuggestionId, recordSuggestion, suggestionMeta, type Suggester } from "./model";
import { BLOCK_JOIN, BLOCK_SPLIT, blockEdit, blockSuggestions, clearCopiedBlockIds, type BlockEdit } from "./rich-blocks";
import { keepOwnIds } from "./rich-own-ids";
import { retypeEdit, richBlockType, suggestRetypes, type Retyped } from "./rich-retype";
import { retypeSuggests } from "./retype-words";
import type { Review } from "./review";

/** Transaction origin of a rich field's suggestion metadata, written just before its marked content. */
export const SUGGESTION_META_ORIGIN = Symbol("cms-suggestion-meta");

/** Why a change of the blocks other than a plain split, join or change of type is not made in Suggesting mode. */
export const BLOCKS_NOT_SUGGESTED = "Lists, quotes and other block changes cannot be suggested yet (a new paragraph, a joined one or a heading can): switch to Editing to make them";

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
  const suggesting = (tr: Transaction) => fragment.doc !== null && review.who !== null && review.mode() === "suggesting" && tr.getMeta(ySyncPluginKey)?.isChangeOrigin !== true;
  const isOwn = (id: unknown) => {
    const doc = fragment.doc;
    return doc !== null && review.who !== null && String(suggestionMeta(doc, id)?.author) === String(review.who.id);
  };
  /*
   * A split or join in Suggesting mode, as a block attribute naming a new suggestion (its
   * metadata written first, as for marks), or undone for real when it takes back the editor's own
   * split. Null when there is nothing to dispatch (a join already proposed).
   */
  const suggestBlock = (view: EditorView, tr: Transaction, edit: BlockEdit): Transaction | null => {
    const doc = fragment.doc as Y.Doc;
    const who = review.who as Suggester;
    if (edit.kind === "join") {
      const block = tr.before.nodeAt(edit.pos);
      if (isOwn(block?.attrs[BLOCK_SPLIT])) return tr;
      if (block?.attrs[BLOCK_JOIN] != null) return null;
    }
    const id = newSuggestionId();
    const meta = { kind: edit.kind, field: fieldOf(fragment) ?? "", author: who.id, authorName: who.name, at: new Date().toISOString() };
    doc.transact(() => recordSuggestion(doc, id, meta), SUGGESTION_META_ORIGIN);
    // A split copies the block's attributes to the new block: it carries this suggestion only.
    if (edit.kind === "split") return tr.setNodeAttribute(edit.pos, BLOCK_JOIN, null).setNodeAttribute(edit.pos, BLOCK_SPLIT, id);
    return view.state.tr.setNodeAttribute(edit.pos, BLOCK_JOIN, id);
  };
  /* A change of blocks' types in Suggesting mode, as `cms:retype` naming a suggestion (metadata first). */
  const suggestRetype = (view: EditorView, retypes: readonly Retyped[]): Transaction | null => {
    const doc = fragment.doc as Y.Doc;
    const who = review.who as Suggester;
    const field = fieldOf(fragment) ?? "";
    const result = suggestRetypes(view.state, retypes, {
      meta: (id) => suggestionMeta(doc, id),
      isOwn,
      newId: newSuggestionId,
      suggestion: (from) => ({ kind: "retype", field, author: who.id, authorName: who.name, at: new Date().toISOString(), from }),
    });
    if ("refused" in result) {
      review.tell(result.refused);
      return null;
    }
    if (result.record.length > 0) doc.transact(() => result.record.forEach(([id, meta]) => recordSuggestion(doc, id, meta)), SUGGESTION_META_ORIGIN);
    return result.tr;
  };
  return {
    plugins: [suggestChanges(), authorColours(fragment)],
    wrapDispatch(dispatch) {
      const tracked = withSuggestChanges(function (this: EditorView, tr: Transaction) {
        const doc = fragment.doc;
        const who = review.who;
        if (doc && who && suggesting(tr)) {
          if (tr.docChanged && blockShape(tr.before) !== blockShape(tr.doc)) {
            pending.clear();
            review.tell(BLOCKS_NOT_SUGGESTED);
            return;
          }
          keepOwnIds(tr, (id) => pending.has(id) || isOwn(id), generateId);
        }
        clearCopiedBlockIds(tr);
        record(tr);
        dispatch.call(this, tr);
      }, generateId);
      return function (this: EditorView, tr: Transaction) {
        const retypes = suggesting(tr) ? retypeEdit(tr) : null;
        if (retypes !== null) {
          const retypeTr = suggestRetype(this, retypes);
          if (retypeTr) dispatch.call(this, retypeTr);
          return;
        }
        const edit = suggesting(tr) && tr.docChanged ? blockEdit(tr) : null;
        if (edit === null) {
          try {
            return tracked.call(this, tr);
          } catch (error) {
            // The suggestion package cannot express some block changes (a paragraph made a heading)
            // and throws while rewriting the transaction: refused like any other block change.
            if (!(error instanceof RangeError || (error instanceof Error && error.name === "TransformError"))) throw error;
            pending.clear();
            review.tell(BLOCKS_NOT_SUGGESTED);
            return;
          }
        }
        const blockTr = suggestBlock(this, tr, edit);
        if (blockTr) dispatch.call(this, blockTr);
      };
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
        for (const block of blockSuggestions(state.doc)) {
          const meta = suggestionMeta(doc, block.id);
          if (!meta) continue;
          const kind = block.name === BLOCK_SPLIT ? "split" : block.name === BLOCK_RETYPE ? "retype" : "join";
          const what = kind === "split" ? "a new paragraph here" : kind === "join" ? "joining this paragraph to the one before" : retypeSuggests(richBlockType(block.node), meta.from);
          const title = `${meta.authorName || "Someone"} suggests ${what}`;
          decorations.push(Decoration.node(block.pos, block.pos + block.node.nodeSize, { class: `cms-block-${kind}`, style: `--cms-author:${editorColor(String(meta.author))}`, title, "data-cms-suggestion": block.id }));
        }
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
 * The blocks of a document, each by type and attributes. y-prosemirror drops the node marks the
 * suggestion package puts on blocks, so the room's document keeps a block suggestion as a block
 * attribute, which is made for a plain split or join (`rich-blocks.ts`) or a change of a
 * paragraph's or heading's type (`rich-retype.ts`) only; any other transaction that adds, joins
 * or retypes a block would change the draft itself and is refused.
 */
function blockShape(doc: RichNode): string {
  const parts: string[] = [];
  doc.descendants((node) => {
    if (node.isBlock) parts.push(`${node.type.name}${JSON.stringify(node.attrs)}`);
    return !node.isTextblock;
  });
  return parts.join("|");
}
