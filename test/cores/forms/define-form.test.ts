import { describe, expect, it } from "vitest";
import { defineForm, validateSubmission, type FormDefinitionInput } from "../../../src/cores/forms";
import { LouiseValidationError } from "../../../src/shared/errors";

/** Runs `fn`, expecting a `LouiseValidationError`, and returns it. */
function catchValidation(fn: () => unknown): LouiseValidationError {
  try {
    fn();
  } catch (error) {
    if (error instanceof LouiseValidationError) return error;
    throw error;
  }
  throw new Error("expected a LouiseValidationError");
}

const base: FormDefinitionInput = { name: "t", fields: { a: { type: "text" } } };

describe("defineForm refuses a broken declaration at startup", () => {
  const broken: [string, Partial<FormDefinitionInput>][] = [
    ["an upper-case or spaced name", { name: "Contact us" }],
    ["no fields", { fields: {} }],
    ["a field name with a dot", { fields: { "a.b": { type: "text" } } }],
    ["an unknown type", { fields: { a: { type: "colour" as "text" } } }],
    ["a select without choices", { fields: { a: { type: "select" } } }],
    ["choices on a text field", { fields: { a: { type: "text", choices: ["x"] } } }],
    ["maxBytes on a text field", { fields: { a: { type: "text", maxBytes: 10 } } }],
    ["minLength above maxLength", { fields: { a: { type: "text", minLength: 5, maxLength: 2 } } }],
    ["min above max", { fields: { a: { type: "number", min: 5, max: 2 } } }],
    ["a field named like the honeypot", { fields: { website: { type: "text" } }, spam: { honeypot: "website" } }],
    ["a field named like the timing token", { fields: { cms_form_ts: { type: "text" } } }],
    ["a field named like the Turnstile token", { fields: { "cf-turnstile-response": { type: "text" } } }],
    ["minSeconds without a timing secret", { spam: { minSeconds: 3 } }],
    ["a rate limit without a binding", { spam: { rateLimit: { limit: 1, windowSeconds: 60 } } }],
    ["both a Durable Object and a KV binding", { spam: { rateLimitObject: "RATE_LIMIT", rateLimitKv: "KV" } }],
    ["a webhook without a URL", { notify: { webhook: { secret: "S" } } }],
    ["an email notice to nobody", { notify: { email: { to: [] } } }],
  ];
  it.each(broken)("%s", (_label, change) => {
    expect(() => defineForm({ ...base, ...change })).toThrow(TypeError);
  });

  it("freezes the definition and defaults the thank-you URL", () => {
    const form = defineForm(base);
    expect(Object.isFrozen(form)).toBe(true);
    expect(form.thankYouUrl).toBe("/?form=t&sent=1");
  });

  it("anchors patterns and drops stateful flags", () => {
    const form = defineForm({ name: "p", fields: { code: { type: "text", pattern: /[a-z]+/gi } } });
    expect(form.fields.code!.pattern!.test("abc")).toBe(true);
    expect(form.fields.code!.pattern!.test("abc")).toBe(true);
    expect(form.fields.code!.pattern!.test("abc1")).toBe(false);
  });
});

describe("validateSubmission", () => {
  const form = defineForm({ name: "v", fields: { name: { type: "text", required: true }, age: { type: "number" } } });

  it("drops undeclared keys and keeps coerced values", () => {
    expect(validateSubmission(form, { name: "Ann", age: "3", role: "admin", __proto__: { x: 1 } })).toEqual({ name: "Ann", age: 3 });
  });

  it("throws one 422 listing every violation", () => {
    const error = catchValidation(() => validateSubmission(form, { age: "x" }));
    expect(error.status).toBe(422);
    expect(error.violations.map((v) => [v.path, v.code])).toEqual([["name", "required"], ["age", "type"]]);
  });
});
