import type { EditBar } from "./edit-bar";

type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/**
 * Shows on the bar's Inquiries action how many messages nobody has read (the list's `unread`),
 * asked once at start and again whenever `refresh` is called (after the panel closes). A failed
 * count leaves the action as it was: the panel itself says what went wrong.
 *
 * @example
 * const refresh = showUnreadInquiries(bar, "/api/cms/inquiries", fetch);
 */
export function showUnreadInquiries(bar: EditBar, url: string, doFetch: FetchLike): () => void {
  const refresh = () => {
    const address = `${url}${url.includes("?") ? "&" : "?"}limit=1`;
    void doFetch(address, { credentials: "same-origin", headers: { accept: "application/json" } })
      .then((response) => (response.ok ? response.json() : null))
      .then((body: unknown) => {
        const unread = (body as { unread?: unknown } | null)?.unread;
        if (typeof unread === "number") bar.setCount("Inquiries", unread, "unread");
      })
      .catch(() => undefined);
  };
  refresh();
  return refresh;
}
