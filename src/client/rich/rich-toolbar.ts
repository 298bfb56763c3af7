import type { MarkType } from "prosemirror-model";
import type { Command, EditorState } from "prosemirror-state";
import type { EditorView } from "prosemirror-view";
import { richSchema } from "../../shared/rich-schema";
import { Icon } from "../icon";
import { cycleHeading, headingAt, inQuote, listAt, setHeading, toggleList, toggleQuote } from "./block-commands";
import type { HeadingLevels } from "./heading-levels";
import { createImageToolbar } from "./image-toolbar";
import { blockIcon } from "./rich-icons";
import { toggleMark } from "./rich-commands";

export interface RichToolbar {
  element: HTMLElement;
  /** Reflects the marks and blocks at the selection in the buttons' `aria-pressed`. */
  update(state: EditorState): void;
}

export interface RichToolbarOptions {
  label: string;
  /** The field's heading levels (the Heading button steps through them; with more than one, a Heading level choice lists them). */
  levels: HeadingLevels;
  onLink: () => void;
  /** Omitted, there is no Image button. */
  onImage?: () => void;
  /** Shown while an image is selected (with its caption and size controls): edit its description. */
  onDescribeImage: () => void;
}

const { marks, nodes } = richSchema;

/**
 * The formatting toolbar above a rich-text field: Bold, Italic, Link; Heading, Bulleted list,
 * Numbered list, Quote; Image when image controls are given, and the selected image's description,
 * caption and size (`createImageToolbar`). Toggles say whether they apply at the selection
 * (`aria-pressed`). Buttons keep the editor's focus (mousedown is not let through).
 *
 * @example
 * const toolbar = createRichToolbar(() => view, { label: "Body", levels: [2, 3, 4], onLink: () => void editLink(view, {}) });
 */
export function createRichToolbar(getView: () => EditorView, options: RichToolbarOptions): RichToolbar {
  const doc = getView().dom.ownerDocument;
  const element = doc.createElement("div");
  element.className = "cms-toolbar";
  element.setAttribute("role", "toolbar");
  element.setAttribute("aria-label", `Formatting: ${options.label}`);
  const toggles: [HTMLButtonElement, (state: EditorState) => boolean][] = [];
  const add = (icon: SVGSVGElement, label: string, run: () => void) => {
    const button = doc.createElement("button");
    button.type = "button";
    button.setAttribute("aria-label", label);
    button.title = label;
    button.append(icon);
    button.addEventListener("mousedown", (event) => event.preventDefault());
    button.addEventListener("click", () => {
      run();
      getView().focus();
    });
    element.append(button);
    return button;
  };
  const toggle = (icon: SVGSVGElement, label: string, command: Command, active: (state: EditorState) => boolean) => {
    const button = add(icon, label, () => command(getView().state, getView().dispatch));
    button.setAttribute("aria-pressed", "false");
    toggles.push([button, active]);
  };
  const markActive = (type: MarkType) => (state: EditorState) => {
    const { from, to, empty, $from } = state.selection;
    return empty ? Boolean(type.isInSet(state.storedMarks ?? $from.marks())) : state.doc.rangeHasMark(from, to, type);
  };
  const separator = () => {
    const line = doc.createElement("span");
    line.setAttribute("role", "separator");
    element.append(line);
  };

  toggle(Icon("bold"), "Bold", toggleMark(marks.strong!), markActive(marks.strong!));
  toggle(Icon("italic"), "Italic", toggleMark(marks.em!), markActive(marks.em!));
  add(Icon("link"), "Link", options.onLink);
  separator();
  toggle(blockIcon("heading"), "Heading", cycleHeading(options.levels), (state) => headingAt(state) !== null);
  const level = options.levels.length > 1 ? levelChoice(doc, getView, options.levels) : null;
  if (level) element.append(level);
  toggle(blockIcon("bulletList"), "Bulleted list", toggleList(nodes.bullet_list!), (state) => listAt(state) === nodes.bullet_list);
  toggle(blockIcon("numberedList"), "Numbered list", toggleList(nodes.ordered_list!), (state) => listAt(state) === nodes.ordered_list);
  toggle(blockIcon("quote"), "Quote", toggleQuote, inQuote);
  if (options.onImage) {
    separator();
    add(Icon("image"), "Insert image", options.onImage);
  }
  const image = createImageToolbar(getView, element, {
    onDescribe: options.onDescribeImage,
    button: (label, text, run) => {
      const button = add(Icon("image"), label, run);
      button.append(text);
      return button;
    },
  });

  return {
    element,
    update(state) {
      for (const [button, active] of toggles) button.setAttribute("aria-pressed", String(active(state)));
      if (level) level.value = String(headingAt(state) ?? 0);
      image.update(state);
    },
  };
}

/*
 * Every heading level the field allows, named, for the block at the selection: the Heading button
 * alone shows only the top one, so an editor could not tell a sub-heading was there to choose.
 */
function levelChoice(doc: Document, getView: () => EditorView, levels: HeadingLevels): HTMLSelectElement {
  const select = doc.createElement("select");
  select.setAttribute("aria-label", "Heading level");
  select.title = "Heading level";
  select.append(new Option("Paragraph", "0"), ...levels.map((n) => new Option(`Heading ${n}`, String(n))));
  select.addEventListener("change", () => {
    const view = getView();
    setHeading(Number(select.value))(view.state, view.dispatch);
    view.focus();
  });
  return select;
}
