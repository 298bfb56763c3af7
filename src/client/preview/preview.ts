import { fetchPageBody, viewControl, visitorUrl, type FetchLike } from "./visitor-page";

export interface PreviewOptions {
  fetch: FetchLike;
  /** This page's address (default `location.href`). */
  href?: string;
  /** Called once the editor is back (focus returns to what opened the preview). */
  onClose?: () => void;
}

/**
 * Preview: covers the editing page with this page as visitors would see the current draft (the
 * site's own renderer, `?cms-view=draft`), with one "Back to editing" control. The editing page is
 * only hidden, so the editors, their unsaved state and the room stay as they were. Escape also
 * goes back. Resolves with a `close` once the preview shows.
 *
 * @example
 * const { close } = await openPreview(document, { fetch });
 */
export async function openPreview(doc: Document, options: PreviewOptions): Promise<{ close: () => void }> {
  const win = doc.defaultView ?? window;
  const nodes = await fetchPageBody(doc, visitorUrl(options.href ?? win.location.href, "draft"), options.fetch);
  const view = doc.createElement("div");
  view.className = "cms-visitor-view";
  view.append(...nodes);
  // Hidden inline and !important: the edit bar's own `display` would win over the hidden attribute.
  const hidden = [...doc.body.children].filter((element): element is HTMLElement => element instanceof HTMLElement);
  const before = hidden.map((element) => element.style.getPropertyValue("display"));
  for (const element of hidden) element.style.setProperty("display", "none", "important");
  const scroll = win.scrollY;
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    view.remove();
    control.remove();
    doc.removeEventListener("keydown", onKey);
    hidden.forEach((element, i) => (before[i] ? element.style.setProperty("display", before[i]!) : element.style.removeProperty("display")));
    win.scrollTo(0, scroll);
    options.onClose?.();
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === "Escape") close();
  };
  const control = viewControl(doc, "Back to editing", "Preview", close);
  doc.body.append(view, control);
  doc.addEventListener("keydown", onKey);
  win.scrollTo(0, 0);
  control.querySelector("button")?.focus();
  return { close };
}
