import { normalizeLinkAddress } from "../shared/link-address";
import type { Violation } from "../shared/errors";
import { SLUG, type FieldDef, type FieldType } from "../shared/field-def";
import { isSafeLinkUrl } from "../shared/safe-url";
import { MAX_MEDIA_TEXT } from "./media/media-text";
import { isMediaUrl, isSafeUrl } from "./sanitize";

export type { FieldDef, FieldType, FieldValue, ImageValue, SelectOption } from "../shared/field-def";

/** Types held as one plain value (replaced whole, never merged by character). */
export const VALUE_TYPES: ReadonlySet<FieldType> = new Set(["number", "boolean", "date", "datetime", "select", "url", "slug", "image", "json"]);
export const FIELD_TYPES: ReadonlySet<FieldType> = new Set([...VALUE_TYPES, "text", "richtext"]);

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** The one stored form of a `datetime`: what `Date.prototype.toISOString` writes (UTC). */
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/** An ISO 8601 date-time with an explicit offset: the only input a `datetime` is coerced from. */
const DATETIME_INPUT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;
const NUMERIC = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;
const MAX_SLUG = 200;
/** Longest `url` value or image `src`: beyond what browsers and CDNs keep in an address bar. */
export const MAX_URL = 2048;

/** A field's problem without its path. */
export type FieldProblem = Omit<Violation, "path">;

/**
 * What is wrong with a non-empty value of a field, or `null`: its JavaScript type, then the
 * declaration's options (`maxLength`, `pattern`, `integer`, `min`/`max`, `options`), the stored
 * forms of dates (`YYYY-MM-DD`; `datetime` as `toISOString` writes it), the one URL rule
 * (`isSafeLinkUrl` for `url`, `isSafeUrl` for images; at most {@link MAX_URL} characters, an
 * image's alt at most `MAX_MEDIA_TEXT`), the slug form, and for images the strict media rule under `mediaBase`. No value is
 * changed here: {@link coerceFieldValue} runs first where an entry point takes loose input.
 *
 * @example
 * fieldValueProblem({ type: "number", integer: true, min: 0 }, 2.5) // { message: "must be a whole number", code: "type" }
 */
export function fieldValueProblem(def: FieldDef, value: unknown, mediaBase?: string): FieldProblem | null {
  switch (def.type) {
    case "text":
      if (typeof value !== "string") return { message: `must be a string, got ${describe(value)}`, code: "type" };
      if (def.maxLength !== undefined && value.length > def.maxLength) return { message: `is longer than ${def.maxLength} characters`, code: "too_long" };
      return def.pattern !== undefined && value !== "" && !wholeMatch(def.pattern, value) ? { message: `does not match ${def.pattern}`, code: "pattern" } : null;
    case "richtext":
      return typeof value === "string" ? null : { message: `must be a string, got ${describe(value)}`, code: "type" };
    case "number":
      if (typeof value !== "number" || !Number.isFinite(value)) return { message: `must be a number, got ${describe(value)}`, code: "type" };
      if (def.integer && !Number.isInteger(value)) return { message: "must be a whole number", code: "type" };
      return (def.min !== undefined && value < def.min) || (def.max !== undefined && value > def.max)
        ? { message: `must be between ${def.min ?? "-∞"} and ${def.max ?? "∞"}`, code: "out_of_range" }
        : null;
    case "boolean":
      return typeof value === "boolean" ? null : { message: `must be true or false, got ${describe(value)}`, code: "type" };
    case "date":
      return typeof value === "string" && isCalendarDate(value) ? null : { message: "must be a date as YYYY-MM-DD", code: "invalid_date" };
    case "datetime":
      return typeof value === "string" && DATETIME.test(value) && !Number.isNaN(Date.parse(value)) && new Date(value).toISOString() === value
        ? null
        : { message: "must be a UTC date and time as YYYY-MM-DDTHH:MM:SS.sssZ", code: "invalid_date" };
    case "select":
      return typeof value === "string" && def.options.some((option) => option.value === value)
        ? null
        : { message: `must be one of ${def.options.map((option) => JSON.stringify(option.value)).join(", ")}`, code: "not_an_option" };
    case "url":
      if (typeof value === "string" && value.length > MAX_URL) return { message: `is longer than ${MAX_URL} characters`, code: "too_long" };
      // The link rule of rich text: a protocol-relative `//host` would leave the site while looking like a path on it.
      return typeof value === "string" && isSafeLinkUrl(value) ? null : { message: "must be an http(s), mailto, tel or relative URL", code: "unsafe_url" };
    case "slug":
      return typeof value === "string" && value.length <= MAX_SLUG && SLUG.test(value)
        ? null
        : { message: "must be lowercase letters and digits joined by hyphens (about-us)", code: "invalid_slug" };
    case "image":
      return imageProblem(value, mediaBase);
    case "json":
      return null;
  }
}

/**
 * The value an entry point stores for loose input, where that loses nothing (as Payload does
 * before validating): a numeric string becomes a number, `"true"`/`"false"` a boolean, an ISO
 * date-time with an offset its UTC `toISOString` form, a bare host (`example.com`) or email a full
 * `url` (the link dialog's own rule), and `""` clears (null) any field that is not text. Anything
 * else comes back unchanged for {@link fieldValueProblem} to judge. The live room never coerces: a
 * peer writes the stored form.
 *
 * @example
 * coerceFieldValue("number", "12.5") // 12.5
 * coerceFieldValue("url", "example.com") // "https://example.com"
 */
export function coerceFieldValue(type: FieldType, value: unknown): unknown {
  if (typeof value !== "string" || type === "text" || type === "richtext" || type === "json") return value;
  const trimmed = value.trim();
  if (trimmed === "") return null;
  switch (type) {
    case "number":
      return NUMERIC.test(trimmed) ? Number(trimmed) : value;
    case "boolean":
      return trimmed === "true" ? true : trimmed === "false" ? false : value;
    case "datetime":
      return DATETIME_INPUT.test(trimmed) && !Number.isNaN(Date.parse(trimmed)) ? new Date(trimmed).toISOString() : value;
    case "url": {
      const address = normalizeLinkAddress(trimmed);
      return "href" in address ? address.href : value;
    }
    default:
      return value;
  }
}

/**
 * Start-up check of one declaration's options, beyond what the types say: a select needs
 * options with distinct values, `min` may not exceed `max`, a `pattern` must compile.
 *
 * @example
 * checkFieldDef({ type: "select", options: [] }, "posts.status") // throws TypeError
 */
export function checkFieldDef(def: FieldDef, where: string): void {
  if (!FIELD_TYPES.has(def.type)) throw new TypeError(`${where} has unknown type ${JSON.stringify(def.type)}`);
  if (def.type === "select") {
    const values = (def.options ?? []).map((option) => option.value);
    if (values.length === 0 || values.some((value) => typeof value !== "string") || new Set(values).size !== values.length) {
      throw new TypeError(`${where}: a select field needs options with distinct string values`);
    }
  }
  if (def.type === "number" && def.min !== undefined && def.max !== undefined && def.min > def.max) throw new TypeError(`${where}: min is above max`);
  if (def.type === "text" && def.pattern !== undefined) {
    try {
      new RegExp(def.pattern, "u");
    } catch {
      throw new TypeError(`${where}: pattern ${JSON.stringify(def.pattern)} is not a regular expression`);
    }
  }
}

function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const patterns = new Map<string, RegExp>();

function wholeMatch(pattern: string, value: string): boolean {
  let regex = patterns.get(pattern);
  if (!regex) patterns.set(pattern, (regex = new RegExp(`^(?:${pattern})$`, "u")));
  return regex.test(value);
}

function imageProblem(value: unknown, mediaBase: string | undefined): FieldProblem | null {
  const src = typeof value === "string" ? value : imageSrc(value);
  if (src === null) return { message: "must be an image URL or { src, alt }", code: "type" };
  if (src.length > MAX_URL) return { message: `image address is longer than ${MAX_URL} characters`, code: "too_long" };
  const alt = typeof value === "object" && value !== null ? (value as { alt?: unknown }).alt : undefined;
  if (typeof alt === "string" && alt.length > MAX_MEDIA_TEXT) return { message: `alt text is longer than ${MAX_MEDIA_TEXT} characters`, code: "too_long" };
  if (mediaBase !== undefined) return isMediaUrl(src, mediaBase) ? null : { message: `image must be a media asset under ${mediaBase}`, code: "not_media" };
  return isSafeUrl(src, "src") ? null : { message: "image must be an http(s) or relative URL", code: "unsafe_url" };
}

function imageSrc(value: unknown): string | null {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
  const { src, alt } = value as { src?: unknown; alt?: unknown };
  if (typeof src !== "string" || (alt !== undefined && typeof alt !== "string")) return null;
  return src;
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return "an array";
  if (value === null) return "null";
  return typeof value === "object" ? "an object" : typeof value;
}
