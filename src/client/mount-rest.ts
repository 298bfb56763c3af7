import type { ImageControlsOptions } from "./images/image-dialog";
import { attachImageField } from "./images/image-field";
import { isValueKind } from "./markers";
import type { MarkedElement, Mounted } from "./mount-options";
import { humanName } from "./human-name";
import { attachPlainField } from "./plain-field";
import type { SaveQueue } from "./save-queue";
import type { Review } from "./suggest/review";
import type { PageHistory } from "./undo/page-history";
import { createValueHistory } from "./undo/value-history";

/** What mounting fields for REST saving needs. */
export interface RestContext {
  queue: SaveQueue;
  /** Flush on field blur (auto-save only: with a Save button, the editor decides when). */
  flushOnBlur: boolean;
  images: Omit<ImageControlsOptions, "allowUrl">;
  /** Undo and redo across the page's fields. */
  history: PageHistory;
  /** Loads the rich-text chunk on first use. */
  loadRich: () => Promise<typeof import("./rich")>;
  /** The page's Editing / Suggesting mode, which live fields follow (a REST field of a live page holds its edits back while Suggesting: `holdWhileSuggesting`). */
  review?: Review;
}

/**
 * Makes fields editable with saving over HTTP: each field's initial value is its baseline (so an
 * untouched field is never sent), every edit goes to the save queue, and each field keeps its own
 * undo history (ProseMirror's for rich text, a value stack for the others).
 *
 * @example
 * const mounted = await mountRestFields(found, { queue, flushOnBlur: true, images, loadRich });
 */
export async function mountRestFields(items: readonly MarkedElement[], context: RestContext): Promise<Mounted[]> {
  const { queue, history } = context;
  const blur = () => {
    if (context.flushOnBlur) void queue.flush();
  };
  const mounted: Mounted[] = [];
  for (const { element, marker } of items) {
    const address = marker.address;
    if (marker.kind === "text") {
      const field = attachPlainField(element, marker, {
        onInput: (value) => (undo.edited(value), queue.edit(address, value)),
        onBlur: blur,
      });
      const undo = createValueHistory(field.value(), (value) => (field.setValue(value), queue.edit(address, value)));
      queue.track(address, field.value());
      mounted.push(field, { destroy: history.add(element, undo.target) });
    } else if (marker.kind === "image") {
      const field = attachImageField(element, marker, {
        ...context.images,
        onChange: (value) => (undo.edited(value), history.touched(undo.target), queue.edit(address, value)),
      });
      const undo = createValueHistory(field.value(), (value) => (field.setValue(value), queue.edit(address, value)));
      queue.track(address, field.value());
      mounted.push(field, { destroy: history.add(field.control, undo.target) });
    } else if (isValueKind(marker.kind)) {
      // A chunk of its own: the URL rule it carries is no cost to a page of plain text.
      const { attachValueField } = await import("./fields/value-field");
      const field = attachValueField(element, { ...marker, kind: marker.kind }, {
        onChange: (value) => (undo.edited(value), history.touched(undo.target), queue.edit(address, value)),
      });
      const undo = createValueHistory(field.value(), (value) => (field.setValue(value), queue.edit(address, value)));
      queue.track(address, field.value());
      mounted.push(field, { destroy: history.add(field.control, undo.target) });
    } else {
      const rich = await context.loadRich();
      const editor = rich.mountRichText(element, {
        label: `Edit ${humanName(marker.field)}`,
        onChange: (html) => queue.edit(address, html),
        onBlur: blur,
        images: { ...context.images, allowUrl: marker.allowUrl },
      });
      queue.track(address, editor.html());
      mounted.push(editor, { destroy: history.add(element, editor.undoTarget()) });
    }
  }
  return mounted;
}
