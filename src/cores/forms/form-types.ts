import type { Table } from "drizzle-orm";
import type { RateLimitRule } from "../rate-limit";

/** Types a form field can declare. `file` is only accepted from multipart bodies and only when declared. */
export type FormFieldType = "text" | "email" | "textarea" | "number" | "boolean" | "select" | "url" | "phone" | "file";

/** One declared field. Limits apply after coercion: lengths to strings, `min`/`max` to numbers, `maxBytes` to files. */
export interface FormField {
  type: FormFieldType;
  /** A required boolean must be `true` (a consent box); any other required field must be non-empty. */
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: number;
  max?: number;
  /** `number` only: whole numbers only. */
  integer?: boolean;
  /** Must match the whole value (anchored for you). */
  pattern?: RegExp;
  /** `select` only: the allowed values. */
  choices?: readonly string[];
  /** `file` only: byte cap of one file (the 64 KB body cap applies as well). */
  maxBytes?: number;
  /** `file` only: allowed media types, e.g. `["text/plain", "application/pdf"]`. */
  accept?: readonly string[];
  /** Human label for messages and renderers; defaults to the field name. */
  label?: string;
}

/** A stored file field: small files only, the body cap bounds them. */
export interface SubmittedFile {
  name: string;
  type: string;
  size: number;
  base64: string;
}

/** One coerced field value as stored. */
export type FormValue = string | number | boolean | SubmittedFile;

/**
 * Spam protection. Secrets and bindings are named, not given: each is the name of an env binding the
 * route reads per request, so one definition serves every deployment.
 */
export interface SpamGuard {
  /**
   * Env binding of a `RateLimitObject` Durable Object namespace, e.g. `"RATE_LIMIT"`: the budget is
   * counted atomically (50 parallel posts with a budget of 5 store exactly 5). Preferred.
   */
  rateLimitObject?: string;
  /**
   * Env binding of a KV namespace holding the windows, e.g. `"KV"`, for hosts without Durable
   * Objects. Not atomic: a parallel burst can slip past the budget.
   */
  rateLimitKv?: string;
  /** Budget per client address and form; default 5 in any 600 seconds. */
  rateLimit?: RateLimitRule;
  /** Env binding of the Turnstile secret key; the token comes in the `cf-turnstile-response` field. */
  turnstileSecret?: string;
  /** Name of a hidden field humans leave empty; a filled one is silently discarded. */
  honeypot?: string;
  /** A submit sooner than this many seconds after the form was rendered is silently discarded. */
  minSeconds?: number;
  /** Env binding of the HMAC key signing the render-time token; required with `minSeconds`. */
  timingSecret?: string;
}

/** Outbound notice after a stored submission. */
export interface FormNotify {
  /** JSON webhook signed with `x-cms-signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
  webhook?: {
    /** Literal URL, or `urlEnv` naming an env binding that holds it (unset: the webhook is skipped). */
    url?: string;
    urlEnv?: string;
    /** Env binding of the signing secret. */
    secret: string;
  };
  /** Email through the route's mailer. */
  email?: { to: readonly string[]; subject?: string };
}

/** What `defineForm` takes. */
export interface FormDefinitionInput {
  /** URL segment: the form posts to `/api/cms/forms/<name>`. */
  name: string;
  fields: Record<string, FormField>;
  spam?: SpamGuard;
  notify?: FormNotify;
  /**
   * Dedicated table whose property names include every field (e.g. inquiries). Without it the route's
   * `genericTable` stores `{ form, data }`.
   */
  table?: Table;
  /** Where a no-JavaScript post is sent on success (303); default `/?form=<name>&sent=1`. */
  thankYouUrl?: string;
  /** Where a no-JavaScript post is sent on failure, with `?form_error=<code>` added; unset: the JSON error. */
  errorUrl?: string;
}

/** A checked, frozen form definition. */
export interface FormDefinition extends Readonly<FormDefinitionInput> {
  readonly thankYouUrl: string;
}

/** Field names the pipeline reads itself; a declared field may not take them. */
export const TURNSTILE_FIELD = "cf-turnstile-response";
export const TIMING_FIELD = "cms_form_ts";
