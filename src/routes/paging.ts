import { HttpError } from "../shared/errors";
import { pageCursor, pageLimit } from "../shared/write-input";

/** Longest list filter text (`q`) accepted by a list route. */
export const MAX_LIST_SEARCH = 100;

/**
 * Reads `limit` and `cursor` from a list URL. A limit that is not an integer is a 400; an integer
 * out of range is clamped into `1..max`. The cursor is an id from a previous page's `next`.
 *
 * @example
 * readPaging(new URL("https://x/api/cms/pages?limit=500"), { defaultLimit: 20, maxLimit: 100 }) // { limit: 100, cursor: null }
 */
export function readPaging(url: URL, bounds: { defaultLimit: number; maxLimit: number }): { limit: number; cursor: number | null } {
  return { limit: pageLimit(url.searchParams.get("limit"), bounds), cursor: pageCursor(url.searchParams.get("cursor")) };
}

/**
 * A list's paging plus its optional filter text `q` (trimmed; "" when absent). A `q` longer than
 * `MAX_LIST_SEARCH` characters is a 400 `invalid_query`, so a filter never becomes an unbounded scan
 * pattern.
 *
 * @example
 * readFilteredPaging(new URL("https://x/api/cms/media?q=door&limit=24"), { defaultLimit: 50, maxLimit: 200 })
 * // { limit: 24, cursor: null, search: "door" }
 */
export function readFilteredPaging(url: URL, bounds: { defaultLimit: number; maxLimit: number }): { limit: number; cursor: number | null; search: string } {
  const search = (url.searchParams.get("q") ?? "").trim();
  if (search.length > MAX_LIST_SEARCH) throw new HttpError(400, `q is longer than ${MAX_LIST_SEARCH} characters`, { code: "invalid_query" });
  return { ...readPaging(url, bounds), search };
}
