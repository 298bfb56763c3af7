/* The image description dialog: a chunk of its own, loaded when an image is inserted or its description edited. */
import { createDialog, settleOnce, textButton } from "../dialog";

export interface AltDialogOptions {
  /** The image being described (shown as a preview). */
  src: string;
  /** Its description so far: text, `""` for a decorative image, null when it has none yet. */
  alt: string | null;
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
  return new Promise((resolve) => {
    const { dialog, heading, message } = createDialog(doc, "Image description", "Describe the image");
    const finish = settleOnce<string | null>(dialog, resolve, null);

    const preview = doc.createElement("img");
    preview.src = options.src;
    preview.alt = "";
    const form = doc.createElement("form");
    const label = doc.createElement("label");
    const input = doc.createElement("input");
    input.type = "text";
    input.value = options.alt ?? "";
    label.append("Description (what the image shows, for people who cannot see it)", input);
    const decorativeLabel = doc.createElement("label");
    decorativeLabel.className = "cms-check";
    const decorative = doc.createElement("input");
    decorative.type = "checkbox";
    decorative.checked = options.alt === "";
    decorativeLabel.append(decorative, " Decorative image: it adds nothing a reader needs (no description)");
    const sync = () => {
      input.disabled = decorative.checked;
      message.textContent = "";
    };
    decorative.addEventListener("change", sync);
    input.addEventListener("input", () => (message.textContent = ""));
    sync();

    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const alt = input.value.trim();
      if (decorative.checked) finish("");
      else if (alt === "") {
        message.textContent = "Describe the image, or mark it as decorative.";
        input.focus();
      } else finish(alt);
    });
    const save = doc.createElement("button");
    save.type = "submit";
    save.textContent = "Save description";
    form.append(label, decorativeLabel, message, save, textButton(doc, "Cancel", () => finish(null)));
    dialog.append(heading, preview, form);
    doc.body.append(dialog);
    dialog.showModal();
    (decorative.checked ? decorative : input).focus();
  });
}
