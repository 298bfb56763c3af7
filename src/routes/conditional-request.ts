/*
 * Conditional GET/HEAD per RFC 9110 §13.2.2, evaluated by us rather than handed to the store: a
 * hostile or sloppy header (an unquoted tag, `W/` alone) must give a clear answer, never a 500.
 * Order: If-Match (strong comparison; false → 412), else If-Unmodified-Since; then If-None-Match
 * (weak comparison; true → 304), else If-Modified-Since. `*` matches any current representation.
 */

/** What the preconditions say: serve it, answer 304, or answer 412. */
export type PreconditionResult = "proceed" | "not_modified" | "failed";

/** The validators of the current representation. */
export interface Validators {
  /** Its entity tag, quoted, e.g. `"abc"` or `W/"abc"`. */
  etag: string;
  lastModified?: Date;
}

const CONDITIONAL_HEADERS = ["if-match", "if-none-match", "if-modified-since", "if-unmodified-since"] as const;

/**
 * Whether `request` carries any precondition header (so the validators must be read first).
 *
 * @example
 * if (hasPreconditions(request)) { const head = await bucket.head(key); … }
 */
export function hasPreconditions(request: Request): boolean {
  return CONDITIONAL_HEADERS.some((name) => request.headers.has(name));
}

/**
 * Evaluates a GET or HEAD's preconditions against the current validators.
 *
 * @example
 * evaluatePreconditions(request, { etag: object.httpEtag, lastModified: object.uploaded }); // "not_modified"
 */
export function evaluatePreconditions(request: Request, current: Validators): PreconditionResult {
  const headers = request.headers;
  const ifMatch = headers.get("if-match");
  if (ifMatch !== null) {
    if (!listMatches(ifMatch, current.etag, "strong")) return "failed";
  } else {
    const since = httpDate(headers.get("if-unmodified-since"));
    if (since !== null && current.lastModified && seconds(current.lastModified) > since) return "failed";
  }
  const ifNoneMatch = headers.get("if-none-match");
  if (ifNoneMatch !== null) return listMatches(ifNoneMatch, current.etag, "weak") ? "not_modified" : "proceed";
  const since = httpDate(headers.get("if-modified-since"));
  if (since !== null && current.lastModified && seconds(current.lastModified) <= since) return "not_modified";
  return "proceed";
}

interface EntityTag {
  weak: boolean;
  opaque: string;
}

const TAG = /^\s*(W\/)?"([\x21\x23-\x7e\x80-\xff]*)"\s*$/;

/** `*` or a comma-separated list of entity tags; a malformed list matches nothing. */
function listMatches(field: string, currentTag: string, comparison: "strong" | "weak"): boolean {
  if (field.trim() === "*") return true;
  const current = parseTag(currentTag);
  if (current === null) return false;
  const members = field.split(",").filter((member) => member.trim() !== "");
  const tags = members.map(parseTag);
  if (tags.length === 0 || tags.some((tag) => tag === null)) return false;
  return (tags as EntityTag[]).some((tag) => tag.opaque === current.opaque && (comparison === "weak" || (!tag.weak && !current.weak)));
}

function parseTag(text: string): EntityTag | null {
  const match = TAG.exec(text);
  return match ? { weak: match[1] !== undefined, opaque: match[2] as string } : null;
}

/** Seconds since the epoch of an HTTP date, or null when absent or invalid. */
function httpDate(value: string | null): number | null {
  if (value === null) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
}

function seconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}
