import { fetchPageBody, viewControl, visitorUrl, withoutEditing, type FetchLike } from "./visitor-page";

export interface LeaveOptions {
  fetch: FetchLike;
  /** This page's address (default `location.href`). */
  href?: string;
  /** Mounts the editors again on the restored edit-mode page (the "Edit" control). */
  onEdit: () => void;
}

/**
 * After Done: the page becomes what visitors see (the published content, `?cms-view=published`,
 * from the site's renderer) with one "Edit" control; Edit loads the edit-mode page again in place
 * (no reload) and calls `onEdit` to mount the editors. The editing banner (with its sign-out) is
 * kept aside and put back, so its handlers survive.
 *
 * @example
 * await handle.done();
 * await showVisitorPage(document, { fetch, onEdit: () => mountLouise(options) });
 */
export async function showVisitorPage(doc: Document, options: LeaveOptions): Promise<void> {
  const win = doc.defaultView ?? window;
  const href = options.href ?? win.location.href;
  const banner = doc.body.querySelector<HTMLElement>(":scope > .cms-editing");
  // Offline, the page as it stands, without anything of editing, is the best there is.
  const nodes = await fetchPageBody(doc, visitorUrl(href, "published"), options.fetch).catch(() => [...withoutEditing(doc.body.cloneNode(true) as HTMLElement).childNodes]);
  const control = viewControl(doc, "Edit", "Editing", () => void edit());
  doc.body.replaceChildren(...nodes, control);
  control.querySelector("button")?.focus();

  const edit = async () => {
    const button = control.querySelector("button");
    if (button) button.disabled = true;
    const url = new URL(href);
    url.searchParams.delete("cms-view");
    try {
      const page = await fetchPageBody(doc, url.href, options.fetch, { markers: true });
      doc.body.replaceChildren(...(banner ? [banner] : []), ...page);
      doc.body.classList.add("cms-edit-mode");
      options.onEdit();
    } catch {
      // Offline: the page cannot come back in place, so it comes back by loading.
      win.location.assign(url.href);
    }
  };
}
