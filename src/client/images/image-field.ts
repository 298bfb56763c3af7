import { Icon } from "../icon";
import type { FieldMarker } from "../markers";
import { humanName } from "../human-name";
import type { ImageControlsOptions } from "./image-dialog";
import type { PickedImage } from "./media-api";

/** An image field (`data-cms-type="image"`) with an "Add image" (empty slot) or "Change image" control beside it. */
export interface ImageField {
  element: HTMLElement;
  /** The "Change image" button (where history keys for this field are pressed). */
  control: HTMLButtonElement;
  value(): PickedImage | null;
  setValue(image: PickedImage | null): void;
  destroy(): void;
}

/**
 * Adds image controls to an image field: the marker is the `<img>` itself or an element holding
 * one, or none yet (an `<img>` is added to it when an image is chosen). Choosing an image (upload,
 * media list, or a URL when allowed) asks for its description, then updates it and reports
 * `{ src, alt }`, the value the save endpoint takes for an image.
 *
 * @example
 * attachImageField(img, marker, { ...controls, onChange: (value) => queue.edit(marker.address, value) });
 */
export function attachImageField(
  element: HTMLElement,
  marker: FieldMarker,
  options: Omit<ImageControlsOptions, "allowUrl"> & { onChange: (value: PickedImage | null) => void },
): ImageField {
  const doc = element.ownerDocument;
  const image = (): HTMLImageElement | null => (element instanceof HTMLImageElement ? element : element.querySelector("img"));
  const value = (): PickedImage | null => {
    const img = image();
    return img?.getAttribute("src") ? { src: img.getAttribute("src") ?? "", alt: img.alt } : null;
  };
  const setValue = (picked: PickedImage | null) => {
    if (!picked) return;
    // A marker that holds no picture yet (an empty <div>) gets one to show the chosen image.
    const img = image() ?? element.appendChild(doc.createElement("img"));
    img.src = picked.src;
    // A value from the room may lack its alt (another client's write): no description, not "undefined".
    img.alt = typeof picked.alt === "string" ? picked.alt : "";
    name();
  };
  const button = doc.createElement("button");
  button.type = "button";
  button.className = "cms-image-button";
  // An empty slot offers to add a picture, a filled one to change it.
  const name = () => {
    const verb = value() ? "Change image" : "Add image";
    button.setAttribute("aria-label", `${verb}: ${humanName(marker.field)}`);
    button.replaceChildren(Icon("image"), verb);
  };
  name();
  button.addEventListener("click", async () => {
    // The picker and its library are a chunk of their own, fetched on first use.
    const { pickDescribedImage } = await import("./image-dialog");
    const picked = await pickDescribedImage(doc, { ...options, allowUrl: marker.allowUrl });
    if (!picked) return;
    setValue({ src: picked.src, alt: picked.alt });
    options.onChange(value());
  });
  element.after(button);
  return { element, control: button, value, setValue, destroy: () => button.remove() };
}
