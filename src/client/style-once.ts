/**
 * Adds a stylesheet to the document once, under `id`: a panel's styles travel with its chunk, so
 * pages that never open it do not carry them.
 *
 * @example
 * addStylesOnce(document, "cms-history-styles", ".cms-history{width:48rem}");
 */
export function addStylesOnce(doc: Document, id: string, css: string): void {
  if (doc.getElementById(id)) return;
  const style = doc.createElement("style");
  style.id = id;
  style.textContent = css;
  doc.head.append(style);
}
