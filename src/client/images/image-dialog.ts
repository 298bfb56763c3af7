import { createDialog, settleOnce, textButton } from "../dialog";
import { Icon } from "../icon";
import { askAltText } from "./alt-dialog";
import { describeAsset, uploadImage, type FetchLike, type PickedImage } from "./media-api";
import { createMediaLibrary } from "./media-library";

export interface ImageControlsOptions {
  uploadUrl: string;
  mediaUrl: string;
  /** Offer a free URL box (only when the field sets `allowUrl`; the strict media rule otherwise). */
  allowUrl: boolean;
  fetch: FetchLike;
}

/**
 * Opens the image dialog: an Upload button, the media library (search, file names, sizes and alt
 * text, paging), and a URL box only when `allowUrl` is set. Resolves the chosen image, or `null`
 * when the editor cancels. A chunk of its own: loaded when an image is first inserted or changed.
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
        const { key, url } = await uploadImage(chosen, options.uploadUrl, options.fetch);
        finish({ src: url, alt: "", key });
      } catch (error) {
        message.textContent = error instanceof Error ? error.message : "The upload failed.";
      }
    });
    const upload = textButton(doc, "Upload…", () => file.click());
    upload.prepend(Icon("upload"));

    const library = createMediaLibrary(doc, { mediaUrl: options.mediaUrl, fetch: options.fetch, message, onPick: finish });

    dialog.append(heading, upload, file, message, library);
    if (options.allowUrl) dialog.append(urlBox(doc, finish));
    dialog.append(textButton(doc, "Cancel", () => finish(null)));
    doc.body.append(dialog);
    dialog.showModal();
  });
}

/**
 * {@link pickImage}, then the description dialog for the chosen image, starting from the asset's
 * own alt text: every way an image comes in (upload, library, URL) is described or marked
 * decorative. An asset that had no alt text gets this description as its own. Resolves the image
 * with its alt, or `null` when the editor cancels either dialog.
 *
 * @example
 * const image = await pickDescribedImage(document, { uploadUrl, mediaUrl, allowUrl: false, fetch }); // { src, alt: "A red bicycle" }
 */
export async function pickDescribedImage(doc: Document, options: ImageControlsOptions): Promise<PickedImage | null> {
  const picked = await pickImage(doc, options);
  if (!picked) return null;
  const alt = await askAltText(doc, { src: picked.src, alt: picked.alt || null });
  if (alt === null) return null;
  keepAssetAlt(picked, alt, options);
  return { ...picked, alt };
}

/**
 * Gives the picked asset the editor's description when it had none (in the background: the
 * image is placed either way, and the asset's alt is only a fallback).
 *
 * @example
 * keepAssetAlt(picked, "A red bicycle", options);
 */
export function keepAssetAlt(picked: PickedImage, alt: string, options: Pick<ImageControlsOptions, "mediaUrl" | "fetch">): void {
  if (picked.key === undefined || picked.alt !== "" || alt === "") return;
  void describeAsset(options.mediaUrl, options.fetch, picked.key, alt).catch(() => false);
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
