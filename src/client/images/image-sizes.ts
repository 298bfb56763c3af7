/**
 * The sizes an image can be shown at in rich text: a display width in pixels (the schema's
 * `width`), or null for the picture's own size. Pages scale an image down to fit their column.
 *
 * @example
 * IMAGE_SIZES.find((size) => size.label === "Medium")?.width; // 640
 */
export const IMAGE_SIZES: readonly { label: string; width: number | null }[] = [
  { label: "Original size", width: null },
  { label: "Small", width: 320 },
  { label: "Medium", width: 640 },
  { label: "Large", width: 960 },
];

/**
 * A size `<select>`'s options ("Medium (640 px)", value "640"; "Original size", value ""), with a
 * "Custom" one for a width that is none of `IMAGE_SIZES` (a pasted image's own, say).
 *
 * @example
 * select.replaceChildren(...sizeOptions(document, 640));
 * select.value = "640";
 */
export function sizeOptions(doc: Document, width: number | null): HTMLOptionElement[] {
  const sizes = IMAGE_SIZES.some((size) => size.width === width) ? IMAGE_SIZES : [...IMAGE_SIZES, { label: "Custom", width }];
  return sizes.map(({ label, width: value }) => {
    const option = doc.createElement("option");
    option.value = value === null ? "" : String(value);
    option.textContent = value === null ? label : `${label} (${value} px)`;
    return option;
  });
}

/**
 * The width a size `<select>` holds: null for the picture's own size.
 *
 * @example
 * readSizeChoice("640"); // 640
 */
export function readSizeChoice(value: string): number | null {
  return value === "" ? null : Number(value);
}
