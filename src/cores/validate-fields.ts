import type { Violation } from "../shared/errors";
import type { CollectionField } from "./collection";

/** What a write is doing: drafts may be incomplete; everything else needs every required field. */
export type WriteOperation = "create" | "update" | "draft" | "publish";

/**
 * Checks values against declared field types. `create` and `publish` need every required field;
 * `update` and `draft` check only what is present (a partial edit).
 *
 * @example
 * validateFields({ title: 3 }, { title: { type: "text", required: true } }, "update")
 * // [{ path: "title", message: "must be a string", code: "type" }]
 */
export function validateFields(
  data: Record<string, unknown>,
  fields: Record<string, CollectionField>,
  operation: WriteOperation,
): Violation[] {
  const violations: Violation[] = [];
  const complete = operation === "create" || operation === "publish";
  for (const [name, field] of Object.entries(fields)) {
    const present = Object.hasOwn(data, name) && data[name] !== undefined;
    const value = data[name];
    if (!present) {
      if (complete && field.required) violations.push({ path: name, message: `${name} is required`, code: "required" });
      continue;
    }
    if (field.type === "json") {
      if (value === null && field.required) violations.push({ path: name, message: `${name} is required`, code: "required" });
      continue;
    }
    if (value === null) {
      if (field.required) violations.push({ path: name, message: `${name} is required`, code: "required" });
      continue;
    }
    if (typeof value !== "string") {
      violations.push({ path: name, message: `${name} must be a string, got ${describe(value)}`, code: "type" });
      continue;
    }
    if (field.required && value.trim() === "" && operation !== "draft") {
      violations.push({ path: name, message: `${name} must not be empty`, code: "required" });
    }
    if (field.maxLength !== undefined && value.length > field.maxLength) {
      violations.push({ path: name, message: `${name} is longer than ${field.maxLength} characters`, code: "too_long" });
    }
  }
  return violations;
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : typeof value;
}
