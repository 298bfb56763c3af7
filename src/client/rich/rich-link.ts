import type { Mark, ResolvedPos } from "prosemirror-model";
import type { EditorState } from "prosemirror-state";
import type { EditorView } from "prosemirror-view";
import { richSchema } from "../../shared/rich-schema";
import { isSafeUrl } from "../../shared/safe-url";
import { listSitePages, type PageListOptions } from "./page-list";

const link = richSchema.marks.link!;

/** A link in the document: its extent and its mark. */
export interface LinkAt {
  from: number;
  to: number;
  mark: Mark;
}

/**
 * The link the selection is in or holds (the whole run of text carrying it), or null.
 *
 * @example
 * linkAt(view.state)?.mark.attrs.href; // "https://example.com"
 */
export function linkAt(state: EditorState): LinkAt | null {
  const { $from, from, to, empty } = state.selection;
  const here = link.isInSet($from.marks()) ?? link.isInSet($from.nodeAfter?.marks ?? []);
  if (here) return extent($from, here);
  if (empty) return null;
  let found: LinkAt | null = null;
  state.doc.nodesBetween(from, to, (node, pos) => {
    const mark = found === null && node.isText ? link.isInSet(node.marks) : undefined;
    if (mark) found = extent(state.doc.resolve(Math.max(pos, from)), mark);
    return found === null;
  });
  return found;
}

/** The run of sibling nodes around `$pos` that carry `mark`. */
function extent($pos: ResolvedPos, mark: Mark): LinkAt | null {
  const parent = $pos.parent;
  let index = $pos.index();
  if (!(index < parent.childCount && mark.isInSet(parent.child(index).marks))) index--;
  if (index < 0 || !mark.isInSet(parent.child(index).marks)) return null;
  let first = index;
  let last = index;
  while (first > 0 && mark.isInSet(parent.child(first - 1).marks)) first--;
  while (last + 1 < parent.childCount && mark.isInSet(parent.child(last + 1).marks)) last++;
  let from = $pos.start();
  for (let i = 0; i < first; i++) from += parent.child(i).nodeSize;
  let to = from;
  for (let i = first; i <= last; i++) to += parent.child(i).nodeSize;
  return { from, to, mark };
}

/**
 * The Link button and Mod-K: opens the link dialog (its own chunk) for the link at the selection,
 * filled in, or for a new one, and applies the choice. The selection is read again once the
 * dialog closes: other editors may have typed meanwhile, and the view keeps it mapped.
 *
 * @example
 * await editLink(view, {});
 */
export async function editLink(view: EditorView, options: PageListOptions): Promise<void> {
  const doc = view.dom.ownerDocument;
  const before = linkAt(view.state);
  const { openLinkDialog } = await import("./link-dialog");
  const choice = await openLinkDialog(doc, {
    href: before ? String(before.mark.attrs.href) : "",
    askText: before === null && view.state.selection.empty,
    pages: () => listSitePages(doc, options),
  });
  view.focus();
  if (choice === null) return;
  const { state } = view;
  const current = linkAt(state);
  if (choice === "remove") {
    if (current) view.dispatch(state.tr.removeMark(current.from, current.to, link));
    return;
  }
  // The dialog hands over only addresses the rule accepts; checked once more right where it is written.
  if (!isSafeUrl(choice.href, "href")) return;
  const mark = link.create({ ...(current?.mark.attrs ?? {}), href: choice.href });
  const { from, to, empty } = state.selection;
  if (current) view.dispatch(state.tr.removeMark(current.from, current.to, link).addMark(current.from, current.to, mark));
  else if (!empty) view.dispatch(state.tr.removeMark(from, to, link).addMark(from, to, mark));
  else view.dispatch(state.tr.replaceSelectionWith(richSchema.text(choice.text || choice.href, [mark]), false));
}
