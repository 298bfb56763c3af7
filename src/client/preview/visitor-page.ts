import type { FetchLike } from "../publishing/publish-actions";

export type { FetchLike };

/**
 * The address of this page as a visitor would see it: `view` `draft` (Preview) or `published`
 * (after Done). The site renders it with the visitors' renderer (`?cms-view=`).
 *
 * @example
 * visitorUrl("https://site.test/about#top", "draft") // "https://site.test/about?cms-view=draft"
 */
export function visitorUrl(href: string, view: "draft" | "published"): string {
  const url = new URL(href);
  url.searchParams.set("cms-view", view);
  url.hash = "";
  return url.href;
}

/**
 * Fetches a page of this site and answers its `<body>` content, imported into `doc`, without
 * scripts, the editing banner or (unless `keep.markers`, to edit it) any `data-cms-*` marker. A site that ignores `?cms-view` answers
 * its edit mode; stripping the markers still leaves what its visitors' renderer would show. Any
 * status is a page (a 404 is what visitors of an unpublished page get); only a network failure throws.
 *
 * @example
 * doc.body.append(...(await fetchPageBody(document, visitorUrl(location.href, "draft"), fetch)));
 */
export async function fetchPageBody(doc: Document, url: string, fetch: FetchLike, keep: { markers?: boolean } = {}): Promise<Node[]> {
  const response = await fetch(url, { credentials: "same-origin", headers: { accept: "text/html" } });
  const parsed = new DOMParser().parseFromString(await response.text(), "text/html");
  if (keep.markers) for (const element of parsed.body.querySelectorAll("script, .cms-editing")) element.remove();
  else withoutEditing(parsed.body);
  return [...parsed.body.childNodes].map((node) => doc.importNode(node, true));
}

/**
 * Takes everything of editing out of `root`, in place: scripts, the editing banner, the edit
 * bar and its spacer, and every `data-cms-*` marker. What is left is the content as it renders.
 *
 * @example
 * withoutEditing(copyOfBody);
 */
export function withoutEditing(root: Element): Element {
  for (const element of root.querySelectorAll("script, .cms-editing, .cms-bar, .cms-bar-spacer, dialog")) element.remove();
  for (const element of root.querySelectorAll("*")) {
    for (const name of element.getAttributeNames()) if (name.startsWith("data-cms-") || name === "contenteditable") element.removeAttribute(name);
  }
  return root;
}

/**
 * A small fixed control over a visitor's view (Back to editing, Edit): the only chrome it shows.
 * Styled inline, since the editor's stylesheet may be gone (after Done).
 *
 * @example
 * doc.body.append(viewControl(doc, "Back to editing", close));
 */
export function viewControl(doc: Document, text: string, label: string, onClick: () => void): HTMLElement {
  const region = doc.createElement("div");
  region.setAttribute("role", "region");
  region.setAttribute("aria-label", label);
  region.className = "cms-view-control";
  region.style.cssText = "position:fixed;right:1rem;bottom:1rem;z-index:2147483000";
  const button = doc.createElement("button");
  button.type = "button";
  button.textContent = text;
  button.style.cssText =
    "font:14px/1.3 system-ui,sans-serif;min-height:44px;padding:.5rem 1rem;border:0;border-radius:.5rem;background:#1d232b;color:#fff;box-shadow:0 4px 18px #0004;cursor:pointer";
  button.addEventListener("click", onClick);
  region.append(button);
  return region;
}
