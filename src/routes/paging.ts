import { HttpError } from "../shared/errors";

/**
 * Reads `limit` and `cursor` from a list URL. A limit that is not an integer is a 400; an integer
 * out of range is clamped into `1..max`. The cursor is an id from a previous page's `next`.
 *
 * @example
 * readPaging(new URL("https://x/api/cms/pages?limit=500"), { defaultLimit: 20, maxLimit: 100 }) // { limit: 100, cursor: null }
 */
export function readPaging(url: URL, bounds: { defaultLimit: number; maxLimit: number }): { limit: number; cursor: number | null } {
  const rawLimit = url.searchParams.get("limit");
  let limit = bounds.defaultLimit;
  if (rawLimit !== null && rawLimit !== "") {
    if (!/^-?\d+$/.test(rawLimit)) throw new HttpError(400, `limit must be an integer, got ${JSON.stringify(rawLimit)}`, { code: "invalid_limit" });
    limit = Math.min(Math.max(Number(rawLimit), 1), bounds.maxLimit);
  }
  const rawCursor = url.searchParams.get("cursor");
  if (rawCursor === null || rawCursor === "") return { limit, cursor: null };
  if (!/^\d{1,15}$/.test(rawCursor)) throw new HttpError(400, `cursor must be a value from a previous page's "next"`, { code: "invalid_cursor" });
  return { limit, cursor: Number(rawCursor) };
}
