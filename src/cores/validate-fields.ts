import { noteRule } from "../shared/rule-tally";
import type { Violation } from "../shared/errors";
import type { CollectionField } from "./collection";
import { coerceFieldValue, fieldValueProblem } from "./field-types";

/** What a write is doing: drafts may be incomplete; everything else needs every required field. */
export type WriteOperation = "create" | "update" | "draft" | "publish";

/** What the value checks need besides the values: the media base of the strict media rule. */
export interface ValidateOptions {
  mediaBase?: string | undefined;
}

/**
 * Checks values against declared field types, the one check every write path runs (REST, inline
 * save, the room's flush, the service binding, publish). `create` and `publish` need every
 * required field; `update` and `draft` check only what is present (a partial edit). Each present
 * value is judged by `fieldValueProblem` (its type, its declared options, the URL and media rules).
 *
 * @example
 * validateFields({ title: 3 }, { title: { type: "text", required: true } }, "update")
 * // [{ path: "title", message: "title must be a string, got number", code: "type" }]
 */
export function validateFields(
  data: Record<string, unknown>,
  fields: Record<string, CollectionField>,
  operation: WriteOperation,
  options: ValidateOptions = {},
): Violation[] {
  noteRule("fields");
  const violations: Violation[] = [];
  const complete = operation === "create" || operation === "publish";
  for (const [name, field] of Object.entries(fields)) {
    const present = Object.hasOwn(data, name) && data[name] !== undefined;
    const label = field.label ?? name;
    const value = data[name];
    if (!present) {
      if (complete && field.required) violations.push({ path: name, message: `${label} is required`, code: "required" });
      continue;
    }
    if (value === null) {
      if (field.required) violations.push({ path: name, message: `${label} is required`, code: "required" });
      continue;
    }
    if (field.required && typeof value === "string" && value.trim() === "" && operation !== "draft" && field.type !== "json") {
      violations.push({ path: name, message: `${label} must not be empty`, code: "required" });
      continue;
    }
    const problem = fieldValueProblem(field.type === "json" ? { type: "json" } : field, value, options.mediaBase);
    if (problem) violations.push({ path: name, message: `${label} ${problem.message}`, ...(problem.code ? { code: problem.code } : {}) });
  }
  return violations;
}

/**
 * The edit with loose input turned into stored values where nothing is lost (`coerceFieldValue`:
 * `"12"` for a number field, `"true"` for a boolean, `example.com` for a url, a date-time with an
 * offset as UTC). Entry points that take JSON from outside call it before validating (REST, inline
 * save, the service binding); the room does not (a peer writes stored values). Undeclared keys
 * pass through unchanged.
 *
 * @example
 * coerceFields({ price: "12" }, { price: { type: "number" } }) // { price: 12 }
 */
export function coerceFields(data: Record<string, unknown>, fields: Record<string, CollectionField>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(data)) {
    const field = Object.hasOwn(fields, name) ? fields[name] : undefined;
    out[name] = field ? coerceFieldValue(field.type, value) : value;
  }
  return out;
}
