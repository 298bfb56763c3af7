import { LouiseValidationError, type Violation } from "../shared/errors";
import { isEntryId } from "../shared/entry-id";
import { isMediaUrl, isSafeUrl } from "./sanitize";
import type { WriteOperation } from "./validate-fields";

/** One field of a section type. Images are a URL string or `{ src, alt? }`. */
export type SectionFieldDef =
  | { type: "text"; required?: boolean; maxLength?: number }
  | { type: "richtext"; required?: boolean }
  | { type: "image"; required?: boolean; allowUrl?: boolean }
  | { type: "url"; required?: boolean }
  | { type: "number"; required?: boolean; min?: number; max?: number }
  | { type: "boolean"; required?: boolean }
  | { type: "list"; of: Record<string, SectionFieldDef>; required?: boolean; max?: number };

export interface SectionDefinition {
  /** The kind's name in the editor's chooser ("Hero"). */
  label?: string;
  /** One line saying what the kind is for, shown in the chooser next to its label. */
  description?: string;
  fields: Record<string, SectionFieldDef>;
}

/** Section types a site allows, keyed by the `type` each section carries. */
export type SectionCatalog = Record<string, SectionDefinition>;

export interface SectionCheckOptions {
  operation: WriteOperation;
  /** When set, every image must be a media asset under this base (the strict media rule). */
  mediaBase?: string;
}

/* Keys every section may carry besides its declared fields. */
const SECTION_KEYS = new Set(["type", "id"]);

/**
 * Validates a page's `sections` against the site's catalog and throws a 422 listing every
 * violation with its path (`sections.1.image`). Drafts may leave required fields empty.
 *
 * @example
 * assertValidSections(catalog, page.sections, { operation: "publish", mediaBase: env.MEDIA_URL });
 */
export function assertValidSections(catalog: SectionCatalog, sections: unknown, options: SectionCheckOptions): void {
  const violations = sectionViolations(catalog, sections, options);
  if (violations.length > 0) throw new LouiseValidationError(violations);
}

/**
 * The violations `assertValidSections` would throw, for callers that merge them with their own.
 *
 * @example
 * const violations = sectionViolations(catalog, sections, { operation: "draft" });
 */
export function sectionViolations(catalog: SectionCatalog, sections: unknown, options: SectionCheckOptions): Violation[] {
  if (!Array.isArray(sections)) return [{ path: "sections", message: "sections must be an array", code: "type" }];
  const violations: Violation[] = [];
  sections.forEach((section, index) => {
    const path = `sections.${index}`;
    if (section === null || typeof section !== "object" || Array.isArray(section)) {
      violations.push({ path, message: "a section must be an object", code: "type" });
      return;
    }
    const record = section as Record<string, unknown>;
    const type = record.type;
    const definition = typeof type === "string" && Object.hasOwn(catalog, type) ? catalog[type] : undefined;
    if (!definition) {
      violations.push({ path: `${path}.type`, message: `unknown section type ${JSON.stringify(type)}`, code: "unknown_type" });
      return;
    }
    checkFields(definition.fields, record, path, options, violations);
  });
  return violations;
}

function checkFields(
  fields: Record<string, SectionFieldDef>,
  record: Record<string, unknown>,
  path: string,
  options: SectionCheckOptions,
  violations: Violation[],
): void {
  for (const key of Object.keys(record)) {
    if (!SECTION_KEYS.has(key) && !Object.hasOwn(fields, key)) {
      violations.push({ path: `${path}.${key}`, message: `unknown field ${key}`, code: "unknown_field" });
    }
  }
  if (record.id !== undefined && !isEntryId(record.id)) {
    violations.push({ path: `${path}.id`, message: "an id is 1 to 64 letters, digits, _ or -", code: "invalid_id" });
  }
  for (const [name, def] of Object.entries(fields)) {
    const value = record[name];
    const at = `${path}.${name}`;
    if (value === undefined || value === null || value === "") {
      if (def.required && options.operation !== "draft") violations.push({ path: at, message: `${name} is required`, code: "required" });
      continue;
    }
    const problem = checkValue(def, value, at, options, violations);
    if (problem) violations.push({ path: at, ...problem });
  }
}

function checkValue(
  def: SectionFieldDef,
  value: unknown,
  at: string,
  options: SectionCheckOptions,
  violations: Violation[],
): Omit<Violation, "path"> | null {
  if (def.type !== "list") {
    const problem = sectionValueProblem(def.type, value, options.mediaBase);
    if (problem) return problem;
  }
  switch (def.type) {
    case "text":
      if (def.maxLength !== undefined && (value as string).length > def.maxLength) {
        return { message: `longer than ${def.maxLength} characters`, code: "too_long" };
      }
      return null;
    case "number":
      if ((def.min !== undefined && (value as number) < def.min) || (def.max !== undefined && (value as number) > def.max)) {
        return { message: `must be between ${def.min ?? "-∞"} and ${def.max ?? "∞"}`, code: "out_of_range" };
      }
      return null;
    case "list":
      if (!Array.isArray(value)) return { message: "must be a list", code: "type" };
      if (def.max !== undefined && value.length > def.max) return { message: `has more than ${def.max} items`, code: "too_many" };
      value.forEach((item, i) => {
        if (item === null || typeof item !== "object" || Array.isArray(item)) {
          violations.push({ path: `${at}.${i}`, message: "a list item must be an object", code: "type" });
        } else {
          checkFields(def.of, item as Record<string, unknown>, `${at}.${i}`, options, violations);
        }
      });
      return null;
    default:
      return null;
  }
}

/**
 * What is wrong with one value of a section field of type `type`, or `null`: its JavaScript type,
 * and for URLs and images the sanitizer's URL rule (with `mediaBase`, the strict media rule).
 * Lengths and ranges are the draft check's business; the live room refuses by this rule alone.
 *
 * @example
 * sectionValueProblem("image", { src: "https://evil.test/x.png" }, "https://media.example.com")
 * // { message: "image must be a media asset under https://media.example.com", code: "not_media" }
 */
export function sectionValueProblem(
  type: Exclude<SectionFieldDef["type"], "list">,
  value: unknown,
  mediaBase: string | undefined,
): Omit<Violation, "path"> | null {
  switch (type) {
    case "text":
    case "richtext":
      return typeof value === "string" ? null : { message: "must be a string", code: "type" };
    case "url":
      return typeof value === "string" && isSafeUrl(value, "href") ? null : { message: "must be an http(s), mailto, tel or relative URL", code: "unsafe_url" };
    case "image":
      return checkImage(value, mediaBase);
    case "number":
      return typeof value === "number" && Number.isFinite(value) ? null : { message: "must be a number", code: "type" };
    case "boolean":
      return typeof value === "boolean" ? null : { message: "must be true or false", code: "type" };
  }
}

function checkImage(value: unknown, mediaBase: string | undefined): Omit<Violation, "path"> | null {
  const src = typeof value === "string" ? value : imageSrc(value);
  if (src === null) return { message: "must be an image URL or { src, alt }", code: "type" };
  if (mediaBase !== undefined) {
    return isMediaUrl(src, mediaBase) ? null : { message: `image must be a media asset under ${mediaBase}`, code: "not_media" };
  }
  return isSafeUrl(src, "src") ? null : { message: "image must be an http(s) or relative URL", code: "unsafe_url" };
}

function imageSrc(value: unknown): string | null {
  if (value === null || typeof value !== "object") return null;
  const { src, alt } = value as { src?: unknown; alt?: unknown };
  if (typeof src !== "string" || (alt !== undefined && typeof alt !== "string")) return null;
  return src;
}
