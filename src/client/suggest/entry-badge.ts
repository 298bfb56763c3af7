import type * as Y from "yjs";
import { editorColor } from "../../shared/editor-color";
import { entrySuggestion } from "./entry-suggest";

/**
 * Shows an entry's open suggestion on its element: `data-cms-suggest` (add, remove or move: the
 * stylesheet outlines it) and a label saying who proposes what; nothing when there is none.
 *
 * @example
 * showEntrySuggestion(sectionElement, sectionMap, 3);
 */
export function showEntrySuggestion(element: HTMLElement, entry: Y.Map<unknown>, noun: string): void {
  const open = entrySuggestion(entry);
  let label = element.querySelector<HTMLElement>(":scope > .cms-entry-suggestion");
  if (!open) {
    element.removeAttribute("data-cms-suggest");
    label?.remove();
    return;
  }
  element.dataset.cmsSuggest = open.kind;
  element.dataset.cmsSuggestion = open.id;
  if (!label) {
    label = element.ownerDocument.createElement("p");
    label.className = "cms-entry-suggestion";
    element.prepend(label);
  }
  const what = open.kind === "add" ? `adding this ${noun}` : open.kind === "remove" ? `removing this ${noun}` : `moving this ${noun}`;
  label.textContent = `${open.authorName || "Someone"} suggests ${what}`;
  label.style.setProperty("--cms-author", editorColor(String(open.author)));
}
