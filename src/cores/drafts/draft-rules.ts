import { LouiseValidationError, type Violation } from "../../shared/errors";
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

/**
 * The rules of a draft's values, run once per write on what will be stored: the field types and
 * declarations, no null for a NOT NULL column (`draftViolations`), then the site's `validate`
 * hook. `known` are problems the caller already found (a field the room could not read); they are
 * reported with the others and keep the hook from running. Throws 422 with every violation.
 *
 * @example
 * await assertDraftRules(deps, merged, "draft"); // the room's merged snapshot, or a direct edit
 */
export async function assertDraftRules(deps: DraftDeps, values: Record<string, unknown>, operation: "draft" | "publish", known: readonly Violation[] = []): Promise<void> {
  const violations = [...known, ...draftViolations(deps, values, operation)];
  if (violations.length > 0) throw new LouiseValidationError(violations);
  await deps.validate?.(values, { operation });
}
