/**
 * Whether an element has focus (or holds it) or shows on screen.
 *
 * @example
 * isLookedAt(h1, window) // true when the heading is in view
 */
export function isLookedAt(element: HTMLElement, win: Window): boolean {
  if (element.contains(win.document.activeElement)) return true;
  const rect = element.getBoundingClientRect();
  return rect.bottom > 0 && rect.right > 0 && rect.top < win.innerHeight && rect.left < win.innerWidth && rect.width + rect.height > 0;
}
