import { HttpError } from "./errors";

/*
 * The inputs of a versioned write or read, parsed once by every entry point (REST routes, inline
 * save, the service binding, the room's RPC): record and version ids, the write's base, the
 * publish time, and the bounds of list and search pages. One rule each, in this file.
 */

/** Page sizes of record and version lists: default and cap. */
export const LIST_BOUNDS = { defaultLimit: 20, maxLimit: 100 } as const;
/** Search `limit`: default and cap (DESIGN.md §2). */
export const SEARCH_BOUNDS = { defaultLimit: 10, maxLimit: 50 } as const;

const ID_TEXT = /^[1-9]\d{0,15}$/;

/**
 * The positive-id rule: a positive safe integer, or its decimal text (no sign, no leading zero).
 *
 * @example
 * isPositiveId("12") // true
 * isPositiveId(0)    // false
 */
export function isPositiveId(value: unknown): boolean {
  const id = typeof value === "string" && ID_TEXT.test(value) ? Number(value) : value;
  return typeof id === "number" && Number.isSafeInteger(id) && id >= 1;
}

/**
 * A record or version id: a positive safe integer, given as a number or (in a path, a query, a
 * marker) as its decimal text. Anything else is a 400 naming `name`.
 *
 * @example
 * positiveId("12") // 12
 * positiveId(0, "versionId") // throws 400 invalid_version_id
 */
export function positiveId(value: unknown, name: IdName = "id"): number {
  if (!isPositiveId(value)) throw new HttpError(400, `${name} must be a positive integer, got ${JSON.stringify(value ?? "")}`, { code: INVALID_ID_CODES[name] });
  return Number(value);
}

/**
 * An optional id in a JSON body or RPC options (`versionId`, `baseVersionId`): `undefined` when
 * absent or null; a number that is not a positive integer (or any other type) is a 400.
 *
 * @example
 * optionalId(40, "baseVersionId") // 40
 * optionalId(null, "versionId")   // undefined
 */
export function optionalId(value: unknown, name: IdName): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "number") throw new HttpError(400, `${name} must be a positive integer, got ${JSON.stringify(value)}`, { code: INVALID_ID_CODES[name] });
  return positiveId(value, name);
}

/**
 * The `ETag` of a read that shows version `versionId`, for `If-Match` on the next write.
 *
 * @example
 * versionEtag(12) // "\"v12\""
 */
export function versionEtag(versionId: number): string {
  return `"v${versionId}"`;
}

/**
 * The version a write is based on: `If-Match` (one ETag from {@link versionEtag}, weak or
 * strong) or `baseVersionId`; both may be given when they agree. `undefined`: the write names no
 * base. A malformed header, several ETags, `*`, or two different bases are a 400.
 *
 * @example
 * writeBase('"v12"', undefined) // 12
 * writeBase(null, 12)            // 12
 */
export function writeBase(ifMatch: string | null | undefined, baseVersionId: unknown): number | undefined {
  const fromBody = optionalId(baseVersionId, "baseVersionId");
  if (ifMatch === null || ifMatch === undefined || ifMatch.trim() === "") return fromBody;
  const match = /^\s*(?:W\/)?"v([1-9]\d{0,15})"\s*$/.exec(ifMatch);
  if (!match || !Number.isSafeInteger(Number(match[1]))) {
    throw new HttpError(400, `If-Match must be one version ETag such as "v12", got ${JSON.stringify(ifMatch)}`, { code: "invalid_if_match" });
  }
  const fromHeader = Number(match[1]);
  if (fromBody !== undefined && fromBody !== fromHeader) {
    throw new HttpError(400, `If-Match names version ${fromHeader} but baseVersionId names ${fromBody}`, { code: "conflicting_base" });
  }
  return fromHeader;
}

/**
 * A publish's `at`: `null` (publish now) or an ISO 8601 date-time (the room refuses a past one).
 *
 * @example
 * publishAt("2030-01-01T00:00:00Z") // "2030-01-01T00:00:00Z"
 */
export function publishAt(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== "string" || Number.isNaN(Date.parse(value))) {
    throw new HttpError(400, `at must be an ISO 8601 date-time string, got ${JSON.stringify(value)}`, { code: "invalid_at" });
  }
  return value;
}

/**
 * A page size within `bounds`: absent is the default; an integer (or its text) out of range is
 * clamped into `1..max`; anything else is a 400.
 *
 * @example
 * pageLimit("500", LIST_BOUNDS) // 100
 */
export function pageLimit(value: unknown, bounds: { defaultLimit: number; maxLimit: number }): number {
  if (value === undefined || value === null || value === "") return bounds.defaultLimit;
  const limit = typeof value === "string" && /^-?\d{1,15}$/.test(value) ? Number(value) : value;
  if (typeof limit !== "number" || !Number.isSafeInteger(limit)) {
    throw new HttpError(400, `limit must be an integer, got ${JSON.stringify(value)}`, { code: "invalid_limit" });
  }
  return Math.min(Math.max(limit, 1), bounds.maxLimit);
}

/**
 * A list cursor (an id from a previous page's `next`), or `null` for the first page.
 *
 * @example
 * pageCursor("40") // 40
 */
export function pageCursor(value: unknown): number | null {
  if (value === undefined || value === null || value === "") return null;
  const cursor = typeof value === "string" && /^\d{1,15}$/.test(value) ? Number(value) : value;
  if (typeof cursor !== "number" || !Number.isSafeInteger(cursor) || cursor < 0) {
    throw new HttpError(400, `cursor must be a value from a previous page's "next"`, { code: "invalid_cursor" });
  }
  return cursor;
}

/* Each id name's 400 code, spelled out so every code a response carries is written in the source once (docs/contract.md, "Error codes"). */
const INVALID_ID_CODES = {
  id: "invalid_id",
  versionId: "invalid_version_id",
  baseVersionId: "invalid_base_version_id",
  restoreVersionId: "invalid_restore_version_id",
} as const;

/** The name of an id a request carries: in a path, a query, a body or RPC options. */
export type IdName = keyof typeof INVALID_ID_CODES;
