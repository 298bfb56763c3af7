import type { Violation } from "../../shared/errors";
import { validateFields, type WriteOperation } from "../validate-fields";
import { draftSql, type DraftDeps } from "./draft-deps";

/**
 * Fields whose live column is NOT NULL: null is no value of theirs, since publish copies the
 * snapshot onto that column (an unchecked `free` box is `false`, never null).
 *
 * @example
 * notNullFields(coursesDeps) // Set { "slug", "title", "free" }
 */
export function notNullFields(deps: Pick<DraftDeps, "table" | "versionsTable" | "config">): ReadonlySet<string> {
  return new Set(draftSql(deps).fields.filter(({ column }) => column.notNull).map(({ name }) => name));
}

/**
 * What is wrong with a draft's (or a snapshot's) values: the field types and declarations
 * (`validateFields`), and a null for a field whose column holds none. Every draft write checks
 * this before anything lands (the room before it merges, `applySaveDraft`, publish), so one write
 * can never leave a page that no publish accepts.
 *
 * @example
 * draftViolations(coursesDeps, { free: null }, "draft") // [{ path: "free", code: "required", … }]
 */
export function draftViolations(deps: Pick<DraftDeps, "table" | "versionsTable" | "config" | "mediaBase">, values: Record<string, unknown>, operation: WriteOperation): Violation[] {
  const violations = validateFields(values, deps.config.fields, operation, { mediaBase: deps.mediaBase });
  const named = new Set(violations.map((violation) => violation.path));
  for (const name of notNullFields(deps)) {
    if (values[name] === null && !named.has(name)) violations.push({ path: name, message: `${name} cannot be empty: give it a value`, code: "required" });
  }
  return violations;
}
