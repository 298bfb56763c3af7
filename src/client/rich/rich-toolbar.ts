import type { MarkType } from "prosemirror-model";
import type { EditorState } from "prosemirror-state";
import type { EditorView } from "prosemirror-view";
import { richSchema } from "../../shared/rich-schema";
import { Icon, type IconName } from "../icon";
import { toggleMark } from "./rich-commands";

export interface RichToolbar {
  element: HTMLElement;
  /** Reflects the marks at the selection in the buttons' `aria-pressed`. */
  update(state: EditorState): void;
}

/**
 * The formatting toolbar above a rich-text field: bold, italic, link, and an Image button when
 * image controls are given. Buttons keep the editor's focus (mousedown is not let through).
 *
 * @example
 * const toolbar = createRichToolbar(view, { onImage: () => insertImage(view) });
 */
export function createRichToolbar(getView: () => EditorView, options: { label: string; onImage?: () => void }): RichToolbar {
  const doc = getView().dom.ownerDocument;
  const element = doc.createElement("div");
  element.className = "cms-toolbar";
  element.setAttribute("role", "toolbar");
  element.setAttribute("aria-label", `Formatting: ${options.label}`);
  const marks: [HTMLButtonElement, MarkType][] = [];
  const add = (icon: IconName, label: string, run: () => void) => {
    const button = doc.createElement("button");
    button.type = "button";
    button.setAttribute("aria-label", label);
    button.title = label;
    button.append(Icon(icon));
    button.addEventListener("mousedown", (event) => event.preventDefault());
    button.addEventListener("click", () => {
      run();
      getView().focus();
    });
    element.append(button);
    return button;
  };
  const markButton = (icon: IconName, label: string, type: MarkType) => {
    const button = add(icon, label, () => toggleMark(type)(getView().state, getView().dispatch));
    button.setAttribute("aria-pressed", "false");
    marks.push([button, type]);
  };
  markButton("bold", "Bold", richSchema.marks.strong!);
  markButton("italic", "Italic", richSchema.marks.em!);
  add("link", "Link", () => {
    const view = getView();
    const link = richSchema.marks.link!;
    const { from, to } = view.state.selection;
    if (view.state.doc.rangeHasMark(from, to, link)) {
      view.dispatch(view.state.tr.removeMark(from, to, link));
      return;
    }
    const href = view.dom.ownerDocument.defaultView?.prompt("Link address")?.trim();
    if (href && from < to) view.dispatch(view.state.tr.addMark(from, to, link.create({ href })));
  });
  if (options.onImage) add("image", "Insert image", options.onImage);

  return {
    element,
    update(state) {
      const { from, to, empty, $from } = state.selection;
      for (const [button, type] of marks) {
        const active = empty ? Boolean(type.isInSet(state.storedMarks ?? $from.marks())) : state.doc.rangeHasMark(from, to, type);
        button.setAttribute("aria-pressed", String(active));
      }
    },
  };
}
