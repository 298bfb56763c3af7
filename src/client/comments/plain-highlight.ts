/** The names of the page's highlights of plain fields' commented words (CSS `::highlight(…)`). */
export const PLAIN_HIGHLIGHT = "cms-comment";
export const ACTIVE_HIGHLIGHT = "cms-comment-active";

/**
 * Highlights commented words in plain fields through the CSS Custom Highlight API: ranges drawn by
 * the browser over the field's text, so nothing is added inside the editable text (a wrapper there
 * would be typed into and saved). Each call replaces what was highlighted; a browser without the
 * API shows no highlight (the panel still lists the threads).
 *
 * @example
 * showPlainHighlights([range], [activeRange]);
 */
export function showPlainHighlights(ranges: readonly Range[], active: readonly Range[]): void {
  const registry = highlights();
  if (!registry || typeof Highlight !== "function") return;
  registry.set(PLAIN_HIGHLIGHT, new Highlight(...ranges));
  registry.set(ACTIVE_HIGHLIGHT, new Highlight(...active));
}

/* The page's highlight registry, where the browser has one. */
function highlights(): HighlightRegistry | null {
  return typeof CSS !== "undefined" && "highlights" in CSS ? CSS.highlights : null;
}

/**
 * Removes the plain fields' comment highlights.
 *
 * @example
 * clearPlainHighlights();
 */
export function clearPlainHighlights(): void {
  const registry = highlights();
  registry?.delete(PLAIN_HIGHLIGHT);
  registry?.delete(ACTIVE_HIGHLIGHT);
}
