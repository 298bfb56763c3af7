/* The image description dialog: a chunk of its own, loaded when an image is inserted or its description edited. */
import { createDialog, settleOnce, textButton } from "../dialog";
import { readSizeChoice, sizeOptions } from "./image-sizes";

export interface AltDialogOptions {
  /** The image being described (shown as a preview). */
  src: string;
  /** Its description so far: text, `""` for a decorative image, null when it has none yet. */
  alt: string | null;
}

/** What the editor chose for an image being inserted. */
export interface NewImageDetails {
  /** Its description: text, or `""` for a decorative image. */
  alt: string;
  /** Its caption, shown under it; `""` for none. */
  caption: string;
  /** Its display width in pixels, or null for its own size. */
  width: number | null;
}

/**
 * Asks for an image's description (its `alt` text), with a clear "decorative" choice for an image
 * that adds nothing a reader needs (stored as `alt=""`, so screen readers skip it). An image is
 * either described or marked decorative: an empty description is not accepted. Resolves the alt
 * text, or null when the editor cancels.
 *
 * @example
 * const alt = await askAltText(document, { src: "/media/a.png", alt: null }); // "A red bicycle" or "" or null
 */
export function askAltText(doc: Document, options: AltDialogOptions): Promise<string | null> {
  return openImageDialog(doc, options, false).then((details) => details?.alt ?? null);
}

/**
 * The same dialog for an image about to be inserted, which also asks for an optional caption and
 * a size (`IMAGE_SIZES`). Resolves the choices, or null when the editor cancels.
 *
 * @example
 * const details = await askNewImage(document, { src: "/media/a.png", alt: null }); // { alt: "A red bicycle", caption: "", width: 640 }
 */
export function askNewImage(doc: Document, options: AltDialogOptions): Promise<NewImageDetails | null> {
  return openImageDialog(doc, options, true);
}

function openImageDialog(doc: Document, options: AltDialogOptions, inserting: boolean): Promise<NewImageDetails | null> {
  return new Promise((resolve) => {
    const { dialog, heading, message } = createDialog(doc, "Image description", "Describe the image");
    const finish = settleOnce<NewImageDetails | null>(dialog, resolve, null);

    const preview = doc.createElement("img");
    preview.src = options.src;
    preview.alt = "";
    const form = doc.createElement("form");
    const input = labelled(doc, form, "Description (what the image shows, for people who cannot see it)", doc.createElement("input"));
    input.type = "text";
    input.value = options.alt ?? "";
    const decorativeLabel = doc.createElement("label");
    decorativeLabel.className = "cms-check";
    const decorative = doc.createElement("input");
    decorative.type = "checkbox";
    decorative.checked = options.alt === "";
    decorativeLabel.append(decorative, " Decorative image: it adds nothing a reader needs (no description)");
    form.append(decorativeLabel);
    const sync = () => {
      input.disabled = decorative.checked;
      message.textContent = "";
    };
    decorative.addEventListener("change", sync);
    input.addEventListener("input", () => (message.textContent = ""));
    sync();
    const caption = inserting ? labelled(doc, form, "Caption (optional, shown under the image)", doc.createElement("input")) : null;
    const size = inserting ? labelled(doc, form, "Size", doc.createElement("select")) : null;
    size?.append(...sizeOptions(doc, null));

    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const alt = input.value.trim();
      if (!decorative.checked && alt === "") {
        message.textContent = "Describe the image, or mark it as decorative.";
        input.focus();
        return;
      }
      finish({ alt: decorative.checked ? "" : alt, caption: caption?.value.trim() ?? "", width: size ? readSizeChoice(size.value) : null });
    });
    const save = doc.createElement("button");
    save.type = "submit";
    save.textContent = "Save description";
    form.append(message, save, textButton(doc, "Cancel", () => finish(null)));
    dialog.append(heading, preview, form);
    doc.body.append(dialog);
    dialog.showModal();
    (decorative.checked ? decorative : input).focus();
  });
}

function labelled<T extends HTMLElement>(doc: Document, form: HTMLFormElement, text: string, control: T): T {
  const label = doc.createElement("label");
  label.append(text, control);
  form.append(label);
  return control;
}
