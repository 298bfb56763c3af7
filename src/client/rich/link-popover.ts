import type { EditorState } from "prosemirror-state";
import type { EditorView } from "prosemirror-view";
import { richSchema } from "../../shared/rich-schema";
import { linkAt } from "./rich-link";

/** The small bubble under a link the caret is in. */
export interface LinkPopover {
  element: HTMLElement;
  /** Shows it under the link at the selection, or hides it when there is none or the field is not focused. */
  update(state: EditorState): void;
  destroy(): void;
}

/**
 * What a word processor shows when the caret enters a link: its address (opening in a new tab),
 * Edit link and Remove link, under the link. The buttons keep the editor's focus (mousedown is not
 * let through), so the caret stays where it was; Mod-K and the toolbar's Link do the same as Edit.
 *
 * @example
 * const popover = createLinkPopover(() => view, { onEdit: () => void editLink(view, {}) });
 * popover.update(view.state);
 */
export function createLinkPopover(getView: () => EditorView, options: { onEdit: () => void }): LinkPopover {
  const view0 = getView();
  const doc = view0.dom.ownerDocument;
  const element = doc.createElement("div");
  element.className = "cms-link-popover";
  element.setAttribute("role", "group");
  element.setAttribute("aria-label", "Link");
  element.hidden = true;
  const address = doc.createElement("a");
  address.target = "_blank";
  address.rel = "noopener noreferrer";
  const button = (text: string, run: () => void) => {
    const b = doc.createElement("button");
    b.type = "button";
    b.textContent = text;
    b.addEventListener("mousedown", (event) => event.preventDefault());
    b.addEventListener("click", run);
    return b;
  };
  const edit = button("Edit link", () => options.onEdit());
  const remove = button("Remove link", () => {
    const view = getView();
    const at = linkAt(view.state);
    if (at) view.dispatch(view.state.tr.removeMark(at.from, at.to, richSchema.marks.link!));
    view.focus();
  });
  address.addEventListener("mousedown", (event) => event.preventDefault());
  element.append(address, edit, remove);
  doc.body.append(element);

  const update = (state: EditorState) => {
    const view = getView();
    const at = view.hasFocus() ? linkAt(state) : null;
    element.hidden = at === null;
    if (!at) return;
    const href = String(at.mark.attrs.href);
    address.href = href;
    address.textContent = href;
    const start = view.coordsAtPos(at.from);
    const win = doc.defaultView;
    element.style.top = `${start.bottom + (win?.scrollY ?? 0) + 6}px`;
    element.style.left = `${Math.max(4, start.left + (win?.scrollX ?? 0))}px`;
  };
  // Leaving the field hides it; a click inside it never takes the focus away (mousedown is held back).
  const onBlur = () => (element.hidden = true);
  view0.dom.addEventListener("blur", onBlur);
  return { element, update, destroy: () => (view0.dom.removeEventListener("blur", onBlur), element.remove()) };
}
