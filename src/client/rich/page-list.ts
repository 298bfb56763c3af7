import { failureText } from "../failure-text";
import type { FetchLike } from "../images/media-api";

/** A page of the site the link dialog offers: its title and the path a link to it takes. */
export interface SitePage {
  title: string;
  path: string;
}

/** Where the link dialog finds the site's pages, and how a page row becomes a path. */
export interface PageListOptions {
  /** The pages list (`{ items, next }`); default `/api/cms/pages?limit=100`. */
  pagesUrl?: string;
  fetch?: FetchLike;
  /**
   * The public path of a page row; default its `path` or `url` when it has one, else `/<slug>`,
   * with the reference site's `home` at `/`.
   */
  pagePath?: (row: Record<string, unknown>) => string | null;
}

/**
 * Reads the site's pages for the link dialog's picker, sorted by title.
 *
 * @example
 * const pages = await listSitePages(document, {}); // [{ title: "About us", path: "/about" }, …]
 */
export async function listSitePages(doc: Document, options: PageListOptions): Promise<SitePage[]> {
  const doFetch = options.fetch ?? ((input, init) => (doc.defaultView ?? window).fetch(input, init));
  const response = await doFetch(options.pagesUrl ?? "/api/cms/pages?limit=100", { credentials: "same-origin", headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`The pages could not be listed: ${await failureText(response)}`);
  const body = (await response.json()) as { items?: unknown };
  const rows = Array.isArray(body.items) ? body.items.filter((row): row is Record<string, unknown> => row !== null && typeof row === "object") : [];
  const pathOf = options.pagePath ?? defaultPagePath;
  const pages: SitePage[] = [];
  for (const row of rows) {
    const path = pathOf(row);
    if (path !== null) pages.push({ title: typeof row.title === "string" && row.title.trim() ? row.title.trim() : path, path });
  }
  return pages.sort((a, b) => a.title.localeCompare(b.title));
}

function defaultPagePath(row: Record<string, unknown>): string | null {
  for (const key of ["path", "url"]) if (typeof row[key] === "string" && (row[key] as string).startsWith("/")) return row[key] as string;
  if (typeof row.slug !== "string" || row.slug === "") return null;
  return row.slug === "home" ? "/" : `/${row.slug}`;
}
