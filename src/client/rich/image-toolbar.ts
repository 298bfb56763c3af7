import type { EditorState } from "prosemirror-state";
import type { EditorView } from "prosemirror-view";
import { readSizeChoice, sizeOptions } from "../images/image-sizes";
import { addCaption, hasCaption, removeCaption, selectedImage, setImageWidth } from "./image-figure";

export interface ImageToolbarOptions {
  /** Makes a toolbar button (keeping the editor's focus) and appends it. */
  button: (label: string, text: string, run: () => void) => HTMLButtonElement;
  /** Edits the selected image's description. */
  onDescribe: () => void;
}

/**
 * The toolbar's controls for the selected image (or the one whose caption holds the cursor):
 * "Image description", the "Image caption" toggle (a caption typed in place under the picture;
 * pressed again, the caption goes) and the "Image size" choice. Hidden while no image is selected.
 *
 * @example
 * const controls = createImageToolbar(() => view, toolbar, { button, onDescribe });
 * controls.update(view.state);
 */
export function createImageToolbar(getView: () => EditorView, toolbar: HTMLElement, options: ImageToolbarOptions): { update(state: EditorState): void } {
  const doc = toolbar.ownerDocument;
  const describe = options.button("Image description", "Description", options.onDescribe);
  const caption = options.button("Image caption", "Caption", () => {
    const view = getView();
    (hasCaption(view.state) ? removeCaption : addCaption)(view.state, view.dispatch);
  });
  caption.setAttribute("aria-pressed", "false");
  const size = doc.createElement("select");
  size.setAttribute("aria-label", "Image size");
  size.title = "Image size";
  size.addEventListener("change", () => {
    const view = getView();
    setImageWidth(readSizeChoice(size.value))(view.state, view.dispatch);
    view.focus();
  });
  toolbar.append(size);
  const controls = [describe, caption, size];
  for (const control of controls) control.hidden = true;

  return {
    update(state) {
      const image = selectedImage(state);
      for (const control of controls) control.hidden = image === null;
      if (!image) return;
      caption.setAttribute("aria-pressed", String(hasCaption(state)));
      caption.disabled = !(hasCaption(state) ? removeCaption(state) : addCaption(state));
      const width = typeof image.node.attrs.width === "number" ? image.node.attrs.width : null;
      const value = width === null ? "" : String(width);
      // Redrawn only when the width changes, so a peer's typing does not close an open list.
      if (size.value === value && size.options.length > 0) return;
      size.replaceChildren(...sizeOptions(doc, width));
      size.value = value;
    },
  };
}

