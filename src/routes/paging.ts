import { pageCursor, pageLimit } from "../shared/write-input";

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
