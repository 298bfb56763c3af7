import type { Table } from "drizzle-orm";
import { HttpError, LouiseValidationError } from "../../shared/errors";
import type { CollectionConfig } from "../collection";
import { coerceFieldValue, fieldValueProblem, type FieldType } from "../field-types";
import { sanitizeRichHtml } from "../sanitize";

/**
 * What an editable leaf holds: plain text, rich HTML (sanitized), an image URL (or `{ src, alt }`),
 * any JSON, or one of the typed values (`number`, `boolean`, `date`, `datetime`, `select`, `url`,
 * `slug`), coerced from loose input where nothing is lost and then checked by the field's declaration.
 */
export type SaveFieldType = FieldType;

/** One collection the inline save endpoint may write. */
export interface SaveCollectionConfig<Env = unknown> {
  /** The Drizzle table of live rows. */
  table: Table;
  /** With `collection.versions.drafts`, saves become drafts in this table and never touch the live row. */
  versionsTable?: Table;
  collection?: CollectionConfig;
  /**
   * Editable fields by address: a top-level field (`title`) or a dotted path into a list where `*`
   * stands for any index (`sections.*.heading`, `sections.*.items.*.title`). Anything else is a 400.
   */
  fields: Record<string, SaveFieldType>;
  /** Runs on the edit (the whole top-level field) before it is written; throw `LouiseValidationError` for 422. */
  validate?: (data: Record<string, unknown>, ctx: { operation: "draft" | "update"; env: Env }) => void | Promise<void>;
  /** Property that the `<key>` of a marker names: `id` (default) or a unique column such as `slug`. */
  keyField?: string;
}

/** A resolved save: the top-level field, the path inside it, and the cleaned value. */
export interface ResolvedFieldValue {
  root: string;
  /** Path below `root`: list indexes as numbers, object keys as strings; empty for a top-level field. */
  segments: (string | number)[];
  type: SaveFieldType;
  value: unknown;
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const INDEX = /^(?:0|[1-9]\d{0,5})$/;

/**
 * Resolves a marker's field address against the collection's allowlist and cleans the value:
 * rich text through `sanitizeRichHtml` (with `mediaBase`), images through the strict media rule.
 * 400 for an address that is not allowlisted; 422 for a value of the wrong kind.
 *
 * @example
 * resolveFieldValue(pagesSave, "sections.2.heading", "Hello")
 * // { root: "sections", segments: [2, "heading"], type: "text", value: "Hello" }
 */
export function resolveFieldValue(collection: Pick<SaveCollectionConfig, "fields">, field: string, value: unknown, options: { mediaBase?: string } = {}): ResolvedFieldValue {
  const parts = field.split(".");
  const pattern = parts.map((p) => (INDEX.test(p) ? "*" : p)).join(".");
  const type = Object.hasOwn(collection.fields, pattern) ? collection.fields[pattern] : undefined;
  if (!type || !parts.every((p) => INDEX.test(p) || NAME.test(p)) || !NAME.test(parts[0]!)) {
    throw new HttpError(400, `field ${JSON.stringify(field)} is not editable here`, { code: "field_not_allowed" });
  }
  const segments = parts.slice(1).map((p) => (INDEX.test(p) ? Number(p) : p));
  return { root: parts[0]!, segments, type, value: cleanValue(type, field, value, options.mediaBase) };
}

function cleanValue(type: SaveFieldType, path: string, value: unknown, mediaBase: string | undefined): unknown {
  if (type === "json") return value;
  if (type === "image") return cleanImage(path, value, mediaBase);
  if (type !== "text" && type !== "richtext") return coerceFieldValue(type, value);
  if (typeof value !== "string") throw new LouiseValidationError([{ path, message: `${path} must be a string`, code: "type" }]);
  return type === "richtext" ? sanitizeRichHtml(value, mediaBase ? { mediaBase } : {}) : value;
}

/** An image is a URL string, `{ src, alt? }` (other keys dropped), or null/"" to clear it; judged by the image field's own rule. */
function cleanImage(path: string, value: unknown, mediaBase: string | undefined): unknown {
  if (value === null || value === "") return value;
  const problem = fieldValueProblem({ type: "image" }, value, mediaBase);
  if (problem) throw new LouiseValidationError([{ path, message: `${path}: ${problem.message}`, ...(problem.code ? { code: problem.code } : {}) }]);
  if (typeof value === "string") return value;
  const { src, alt } = value as { src: string; alt?: string };
  return alt === undefined ? { src } : { src, alt };
}
