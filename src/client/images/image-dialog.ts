import { createDialog, settleOnce, textButton } from "../dialog";
import { Icon } from "../icon";
import { listMedia, uploadImage, type FetchLike, type PickedImage } from "./media-api";

export interface ImageControlsOptions {
  uploadUrl: string;
  mediaUrl: string;
  /** Offer a free URL box (only when the field sets `allowUrl`; the strict media rule otherwise). */
  allowUrl: boolean;
  fetch: FetchLike;
}

/**
 * Opens the image dialog: an Upload button, a picker over the media list, and a URL box only when
 * `allowUrl` is set. Resolves the chosen image, or `null` when the editor cancels.
 *
 * @example
 * const image = await pickImage(document, { uploadUrl, mediaUrl, allowUrl: false, fetch });
 */
export function pickImage(doc: Document, options: ImageControlsOptions): Promise<PickedImage | null> {
  return new Promise((resolve) => {
    const { dialog, heading, message } = createDialog(doc, "Insert image", "Choose an image");
    const finish = settleOnce<PickedImage | null>(dialog, resolve, null);

    const file = doc.createElement("input");
    file.type = "file";
    file.accept = "image/png,image/jpeg,image/gif,image/webp";
    file.hidden = true;
    file.addEventListener("change", async () => {
      const chosen = file.files?.[0];
      if (!chosen) return;
      message.textContent = "Uploading…";
      try {
        const { url } = await uploadImage(chosen, options.uploadUrl, options.fetch);
        finish({ src: url, alt: "" });
      } catch (error) {
        message.textContent = error instanceof Error ? error.message : "The upload failed.";
      }
    });
    const upload = textButton(doc, "Upload…", () => file.click());
    upload.prepend(Icon("upload"));

    const list = doc.createElement("ul");
    list.setAttribute("aria-label", "Media library");
    void listMedia(options.mediaUrl, options.fetch).then(
      (items) => {
        if (items.length === 0) message.textContent = "The media library is empty: upload an image.";
        list.replaceChildren(
          ...items.map((item) => {
            const li = doc.createElement("li");
            const pick = textButton(doc, "", () => finish({ src: item.url, alt: item.alt ?? "" }));
            pick.setAttribute("aria-label", `Use ${item.alt || item.key}`);
            const img = doc.createElement("img");
            img.src = item.url;
            img.alt = "";
            pick.append(img);
            li.append(pick);
            return li;
          }),
        );
      },
      (error: unknown) => (message.textContent = error instanceof Error ? error.message : "The media list could not be read."),
    );

    dialog.append(heading, upload, file, message, list);
    if (options.allowUrl) dialog.append(urlBox(doc, finish));
    dialog.append(textButton(doc, "Cancel", () => finish(null)));
    doc.body.append(dialog);
    dialog.showModal();
  });
}

function urlBox(doc: Document, finish: (image: PickedImage) => void): HTMLFormElement {
  const form = doc.createElement("form");
  const label = doc.createElement("label");
  const input = doc.createElement("input");
  input.type = "url";
  input.required = true;
  label.append("Image URL ", input);
  const submit = doc.createElement("button");
  submit.type = "submit";
  submit.textContent = "Use URL";
  form.append(label, submit);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (/^https?:\/\//i.test(input.value.trim())) finish({ src: input.value.trim(), alt: "" });
    else input.setCustomValidity("Use an http(s) address");
  });
  input.addEventListener("input", () => input.setCustomValidity(""));
  return form;
}
