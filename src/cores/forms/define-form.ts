import { TIMING_FIELD, TURNSTILE_FIELD, type FormDefinition, type FormDefinitionInput, type FormField } from "./form-types";

const FORM_NAME = /^[a-z0-9][a-z0-9_-]{0,63}$/;
const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;
const FIELD_TYPES = new Set(["text", "email", "textarea", "number", "boolean", "select", "url", "phone", "file"]);

/**
 * Declares a public form: its fields, spam guard, notify targets and storage. Mistakes in the
 * declaration throw here, at startup, rather than on a visitor's submit.
 *
 * @example
 * export const contactForm = defineForm({
 *   name: "contact",
 *   fields: {
 *     name: { type: "text", required: true, maxLength: 120 },
 *     email: { type: "email", required: true },
 *     message: { type: "textarea", required: true, maxLength: 5000 },
 *   },
 *   spam: { honeypot: "website", minSeconds: 3, timingSecret: "CMS_FORM_TIMING_SECRET", rateLimitKv: "KV" },
 *   table: inquiries,
 * });
 */
export function defineForm(input: FormDefinitionInput): FormDefinition {
  const fail = (message: string): never => {
    throw new TypeError(`defineForm(${JSON.stringify(input.name)}): ${message}`);
  };
  if (!FORM_NAME.test(input.name)) fail("name must be 1-64 lower-case letters, digits, - or _");
  const names = Object.keys(input.fields);
  if (names.length === 0) fail("declare at least one field");
  const spam = input.spam ?? {};
  const reserved = new Set([TURNSTILE_FIELD, TIMING_FIELD, ...(spam.honeypot ? [spam.honeypot] : [])]);
  for (const [name, field] of Object.entries(input.fields)) {
    if (!FIELD_NAME.test(name)) fail(`field name ${JSON.stringify(name)} must be a letter or _ then letters, digits, - or _`);
    if (reserved.has(name)) fail(`field ${name} collides with a spam-guard field`);
    checkField(name, field, fail);
  }
  if (spam.minSeconds !== undefined) {
    if (!(spam.minSeconds >= 0)) fail("spam.minSeconds must be zero or more");
    if (!spam.timingSecret) fail("spam.minSeconds needs spam.timingSecret (the env binding that signs the render time)");
  }
  if (spam.rateLimit && !spam.rateLimitKv && !spam.rateLimitObject) fail("spam.rateLimit needs spam.rateLimitObject (or spam.rateLimitKv)");
  if (spam.rateLimitKv && spam.rateLimitObject) fail("spam: give rateLimitObject or rateLimitKv, not both");
  if (input.notify?.webhook && !input.notify.webhook.url && !input.notify.webhook.urlEnv) fail("notify.webhook needs url or urlEnv");
  if (input.notify?.email && input.notify.email.to.length === 0) fail("notify.email.to needs at least one recipient");
  const anchored = Object.fromEntries(Object.entries(input.fields).map(([name, field]) => [name, Object.freeze(anchor(field))]));
  return Object.freeze({
    ...input,
    fields: Object.freeze(anchored),
    spam: Object.freeze({ ...spam }),
    thankYouUrl: input.thankYouUrl ?? `/?form=${input.name}&sent=1`,
  });
}

function checkField(name: string, field: FormField, fail: (message: string) => never): void {
  if (!FIELD_TYPES.has(field.type)) fail(`field ${name} has unknown type ${JSON.stringify(field.type)}`);
  if (field.type === "select" && (!field.choices || field.choices.length === 0)) fail(`select field ${name} needs choices`);
  if (field.choices && field.type !== "select") fail(`field ${name}: choices belong to select fields`);
  if ((field.maxBytes !== undefined || field.accept) && field.type !== "file") fail(`field ${name}: maxBytes and accept belong to file fields`);
  if (field.minLength !== undefined && field.maxLength !== undefined && field.minLength > field.maxLength) fail(`field ${name}: minLength is above maxLength`);
  if (field.min !== undefined && field.max !== undefined && field.min > field.max) fail(`field ${name}: min is above max`);
}

// A pattern must match the whole value; `g`/`y` would make `test` stateful across submissions.
function anchor(field: FormField): FormField {
  if (!field.pattern) return field;
  const flags = field.pattern.flags.replace(/[gy]/g, "");
  return { ...field, pattern: new RegExp(`^(?:${field.pattern.source})$`, flags) };
}
