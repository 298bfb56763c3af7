/**
 * Whether an element has focus (or holds it) or shows on screen; for a typed field, whether the
 * control that replaced it does.
 *
 * @example
 * isLookedAt(h1, window) // true when the heading is in view
 */
export function isLookedAt(element: HTMLElement, win: Window): boolean {
  // A typed field's form control stands in its marker's place (the marker is hidden): look at it.
  const control = element.nextElementSibling;
  if (element.hidden && control instanceof HTMLElement && control.classList.contains("cms-value-field")) return isLookedAt(control, win);
  if (element.contains(win.document.activeElement)) return true;
  const rect = element.getBoundingClientRect();
  return rect.bottom > 0 && rect.right > 0 && rect.top < win.innerHeight && rect.left < win.innerWidth && rect.width + rect.height > 0;
}
