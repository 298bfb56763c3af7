import { failureText } from "../failure-text";

/*
 * The page dialogs' calls to the pages API (`/api/cms/<collection>`): the page list, create,
 * rename (a draft of the slug) and delete. Each answers `{ ok: true, … }` or the failure in words.
 */

/** A page as the page list shows it (`GET {base}/list`). */
export interface PageEntry {
  id: number;
  published: boolean;
  pending: boolean;
  live: { slug?: string; title?: string };
  draft: { slug?: string; title?: string } | null;
  scheduled: { at: string } | null;
  /** A translated collection's source page: each other locale's translation with its address (`path`), or `missing` (`id` and `path` `null`). */
  translations?: { locale: string; id: number | null; path: string | null; published: boolean; status: "missing" | "outdated" | "up-to-date" }[];
}

export type Answer<T> = { ok: true; value: T } | { ok: false; error: string };

/** What the dialogs need to reach the API; `fetch` defaults to the window's. */
export interface PagesApiOptions {
  /** The collection's API base; default `/api/cms/pages`. */
  base?: string;
  fetch?: typeof fetch;
}

const JSON_HEADERS = { "content-type": "application/json" };

async function call<T>(options: PagesApiOptions, path: string, init: RequestInit, read: (response: Response) => Promise<T>): Promise<Answer<T>> {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, requestInit?: RequestInit) => window.fetch(input, requestInit));
  try {
    const response = await doFetch(`${options.base ?? "/api/cms/pages"}${path}`, init);
    if (!response.ok) return { ok: false, error: await failureText(response) };
    return { ok: true, value: await read(response) };
  } catch {
    return { ok: false, error: "the server could not be reached" };
  }
}

/**
 * Every page, following the list's cursor.
 *
 * @example
 * const pages = await listPages({});
 */
export async function listPages(options: PagesApiOptions): Promise<Answer<PageEntry[]>> {
  const entries: PageEntry[] = [];
  let cursor: string | null = null;
  do {
    const page: Answer<{ items: PageEntry[]; next: string | null }> = await call(options, `/list${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`, { method: "GET" }, (r) => r.json());
    if (!page.ok) return page;
    entries.push(...page.value.items);
    cursor = page.value.next;
  } while (cursor);
  return { ok: true, value: entries };
}

/**
 * Creates a page as a draft (visitors see it once it is published); answers its id.
 *
 * @example
 * const created = await createPage({}, { title: "Team", slug: "team" });
 */
export function createPage(options: PagesApiOptions, page: { title: string; slug: string }): Promise<Answer<{ id: number }>> {
  return call(options, "", { method: "POST", headers: JSON_HEADERS, body: JSON.stringify(page) }, async (r) => ({ id: Number(((await r.json()) as { id: unknown }).id) }));
}

/**
 * Saves a draft of the page's slug: the address changes when the page is next published.
 *
 * @example
 * await renamePage({}, 12, "our-team");
 */
export function renamePage(options: PagesApiOptions, id: number, slug: string): Promise<Answer<null>> {
  return call(options, `/${id}`, { method: "PATCH", headers: JSON_HEADERS, body: JSON.stringify({ slug }) }, async () => null);
}

/**
 * Deletes the page (the server allows it to publishers only).
 *
 * @example
 * await deletePage({}, 12);
 */
export function deletePage(options: PagesApiOptions, id: number): Promise<Answer<null>> {
  return call(options, `/${id}`, { method: "DELETE" }, async () => null);
}

export { pagePath } from "./page-path";

/**
 * Every slug a page holds or has drafted: a new page or a rename must pick another.
 *
 * @example
 * takenSlugs(pages, 12) // Set { "home", "about" }
 */
export function takenSlugs(pages: readonly PageEntry[], except?: number): Set<string> {
  const taken = new Set<string>();
  for (const page of pages) {
    if (page.id === except) continue;
    for (const slug of [page.live.slug, page.draft?.slug]) if (typeof slug === "string") taken.add(slug);
  }
  return taken;
}
