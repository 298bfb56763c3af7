import type { ImageControlsOptions } from "./images/image-dialog";
import { attachImageField } from "./images/image-field";
import type { MarkedElement, Mounted } from "./mount-options";
import { attachPlainField, humanName } from "./plain-field";
import type { SaveQueue } from "./save-queue";

/** What mounting fields for REST saving needs. */
export interface RestContext {
  queue: SaveQueue;
  /** Flush on field blur (auto-save only: with a Save button, the editor decides when). */
  flushOnBlur: boolean;
  images: Omit<ImageControlsOptions, "allowUrl">;
  /** Loads the rich-text chunk on first use. */
  loadRich: () => Promise<typeof import("./rich")>;
}

/**
 * Makes fields editable with saving over HTTP: each field's initial value is its baseline (so an
 * untouched field is never sent), every edit goes to the save queue.
 *
 * @example
 * const mounted = await mountRestFields(found, { queue, flushOnBlur: true, images, loadRich });
 */
export async function mountRestFields(items: readonly MarkedElement[], context: RestContext): Promise<Mounted[]> {
  const { queue } = context;
  const blur = () => {
    if (context.flushOnBlur) void queue.flush();
  };
  const mounted: Mounted[] = [];
  for (const { element, marker } of items) {
    const address = marker.address;
    if (marker.kind === "text") {
      const field = attachPlainField(element, marker, { onInput: (value) => queue.edit(address, value), onBlur: blur });
      queue.track(address, field.value());
      mounted.push(field);
    } else if (marker.kind === "image") {
      const field = attachImageField(element, marker, { ...context.images, onChange: (value) => queue.edit(address, value) });
      queue.track(address, field.value());
      mounted.push(field);
    } else {
      const rich = await context.loadRich();
      const editor = rich.mountRichText(element, {
        label: `Edit ${humanName(marker.field)}`,
        onChange: (html) => queue.edit(address, html),
        onBlur: blur,
        images: { ...context.images, allowUrl: marker.allowUrl },
      });
      queue.track(address, editor.html());
      mounted.push(editor);
    }
  }
  return mounted;
}
