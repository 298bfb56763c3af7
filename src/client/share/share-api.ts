import { failureText } from "../failure-text";
import type { FetchLike } from "../publishing/publish-actions";

export type { FetchLike };

/** An open share link as the panel shows it. */
export interface OpenShareLink {
  id: string;
  url: string;
  expiresAt: string;
}

/** What a call answers: the value, or why it failed in words for the status line. */
export type ShareResult<T> = { ok: true; value: T } | { ok: false; text: string };

/** The page a panel shares and where the share-links API lives. */
export interface ShareTarget {
  collection: string;
  id: number;
  /** Default `/api/cms/share-links`. */
  url?: string;
}

/**
 * The share-links API of one page: list its open links, make one, revoke one. Never throws; a
 * failure comes back as words.
 *
 * @example
 * const api = shareLinksApi(fetch, { collection: "pages", id: 2 });
 * const made = await api.create(7 * 86400);
 */
export function shareLinksApi(fetch: FetchLike, target: ShareTarget) {
  const base = target.url ?? "/api/cms/share-links";
  const call = async <T>(url: string, init: RequestInit, read: (response: Response) => Promise<T>): Promise<ShareResult<T>> => {
    try {
      const response = await fetch(url, { credentials: "same-origin", ...init, headers: { accept: "application/json", ...init.headers } });
      return response.ok ? { ok: true, value: await read(response) } : { ok: false, text: await failureText(response) };
    } catch {
      return { ok: false, text: "the site could not be reached" };
    }
  };
  return {
    list: () =>
      call(`${base}?collection=${encodeURIComponent(target.collection)}&id=${target.id}`, {}, async (response) =>
        readLinks(((await response.json()) as { items?: unknown }).items),
      ),
    create: (expiresInSeconds: number) =>
      call(
        base,
        { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ collection: target.collection, id: target.id, expiresInSeconds }) },
        async (response) => readLinks([await response.json()])[0] ?? null,
      ),
    revoke: (id: string) => call(`${base}?id=${encodeURIComponent(id)}`, { method: "DELETE" }, async () => undefined),
  };
}

function readLinks(items: unknown): OpenShareLink[] {
  if (!Array.isArray(items)) return [];
  return items.flatMap((item: unknown) => {
    const link = item as Partial<OpenShareLink> | null;
    return link && typeof link.id === "string" && typeof link.url === "string" && typeof link.expiresAt === "string" ? [{ id: link.id, url: link.url, expiresAt: link.expiresAt }] : [];
  });
}
