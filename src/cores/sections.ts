import { LouiseValidationError, type Violation } from "../shared/errors";
import { isEntryId } from "../shared/entry-id";
import type { FieldHints } from "../shared/field-def";
import { fieldValueProblem, type FieldDef, type FieldProblem } from "./field-types";
import type { WriteOperation } from "./validate-fields";

/**
 * One field of a section type: the collection field types (`FieldDef`, without `json` and `slug`,
 * which belong to a record) or a `list` of items with fields of their own. Images are a URL string
 * or `{ src, alt? }`, the alt text belonging to this one use of the picture.
 */
export type SectionFieldDef =
  | Exclude<FieldDef, { type: "json" | "slug" | "image" }>
  | (FieldHints & { type: "image"; required?: boolean; allowUrl?: boolean })
  | (FieldHints & { type: "list"; of: Record<string, SectionFieldDef>; required?: boolean; max?: number });

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
    // Messages name the field by its declared label, the word the editor sees ("Link", not "href").
    const label = def.label ?? name;
    if (value === undefined || value === null || value === "") {
      if (def.required && options.operation !== "draft") violations.push({ path: at, message: `${label} is required`, code: "required" });
      continue;
    }
    const problem = checkValue(def, value, at, options, violations);
    if (problem) violations.push({ path: at, ...problem, message: `${label} ${problem.message}` });
  }
}

function checkValue(
  def: SectionFieldDef,
  value: unknown,
  at: string,
  options: SectionCheckOptions,
  violations: Violation[],
): FieldProblem | null {
  if (def.type !== "list") return sectionValueProblem(def, value, options.mediaBase);
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
}

/**
 * What is wrong with one value of a section field, or `null`: the collection fields' own rule
 * (`fieldValueProblem`: its type, its declared options, the URL rule, and with `mediaBase` the
 * strict media rule for images). The live room refuses a peer's value by the same rule.
 *
 * @example
 * sectionValueProblem({ type: "image" }, { src: "https://evil.test/x.png" }, "https://media.example.com")
 * // { message: "image must be a media asset under https://media.example.com", code: "not_media" }
 */
export function sectionValueProblem(def: Exclude<SectionFieldDef, { type: "list" }>, value: unknown, mediaBase: string | undefined): FieldProblem | null {
  return fieldValueProblem(def.type === "image" ? { type: "image" } : def, value, mediaBase);
}
