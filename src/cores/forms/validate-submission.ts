import { LouiseValidationError, type Violation } from "../../shared/errors";
import { coerceField } from "./coerce-field";
import type { FormDefinition, FormValue } from "./form-types";

/**
 * Coerces and validates a submission against the form's fields. Undeclared keys are dropped; any
 * violation rejects the whole submission with a 422 listing every bad field.
 *
 * @example
 * validateSubmission(contactForm, { name: "Ann", email: "ann@example.test", message: "Hi", extra: "x" })
 * // { name: "Ann", email: "ann@example.test", message: "Hi" }
 */
export function validateSubmission(form: FormDefinition, input: Record<string, unknown>): Record<string, FormValue> {
  const data: Record<string, FormValue> = {};
  const violations: Violation[] = [];
  for (const [name, field] of Object.entries(form.fields)) {
    const result = coerceField(name, field, Object.hasOwn(input, name) ? input[name] : undefined);
    if ("violation" in result) violations.push(result.violation);
    else if ("value" in result) data[name] = result.value;
  }
  if (violations.length > 0) throw new LouiseValidationError(violations);
  return data;
}
