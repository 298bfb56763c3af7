import { HttpError } from "../../shared/errors";
import type { D1Client } from "../d1-client";
import { insertRow } from "../pages/page-store";
import { createDurableObjectLimiter, createSlidingWindowLimiter, type RateLimiter, type RateLimitRule } from "../rate-limit";
import type { TableMeta } from "../table-meta";
import { envDurableObjects, envKv, envString, type FormEnv } from "./form-env";
import { assertFreshFormToken, insertClaimingFormToken, verifyFormToken, type FormToken } from "./form-token";
import { TIMING_FIELD, TURNSTILE_FIELD, type FormDefinition, type FormValue } from "./form-types";
import { assertTurnstile } from "./turnstile";
import { validateSubmission } from "./validate-submission";

/** The budget a form gets when it names `rateLimitObject` or `rateLimitKv` without a `rateLimit`. */
export const DEFAULT_FORM_RATE_LIMIT: Readonly<RateLimitRule> = Object.freeze({ limit: 5, windowSeconds: 600 });

export interface CaptureDeps {
  db: D1Client;
  env: FormEnv;
  /** Where a form without a dedicated table stores `{ form, data }`. */
  genericTable?: TableMeta;
  /** The form's dedicated table, when it has one. */
  table?: TableMeta;
  fetch: typeof fetch;
  now: () => number;
  turnstileUrl?: string;
}

export interface CaptureInput {
  /** Raw values by field name: form-encoded strings (arrays for repeated keys), JSON values, or file parts. */
  values: Record<string, unknown>;
  /** Identifies the submitter for the rate limit (the client address). */
  clientKey: string;
  remoteIp?: string;
}

/** A stored submission, or a silent discard that must be answered exactly like one. */
export type CaptureOutcome =
  | { stored: true; id: number; data: Record<string, FormValue>; submittedAt: string }
  | { stored: false; reason: "honeypot" | "too_fast" };

/**
 * Runs one public submission through the guards in their fixed order, each cheaper than the next and
 * none reached when an earlier one refuses: rate limit (429 + Retry-After), Turnstile (403), field
 * validation (422), the silent honeypot and timing checks (discard), then the insert.
 *
 * @example
 * const outcome = await captureSubmission(deps, contactForm, { values, clientKey: ip });
 */
export async function captureSubmission(deps: CaptureDeps, form: FormDefinition, input: CaptureInput): Promise<CaptureOutcome> {
  const spam = form.spam ?? {};
  const limiter = formLimiter(deps, form);
  if (limiter) {
    const decision = await limiter.consume(input.clientKey);
    if (!decision.allowed) {
      const wait = String(decision.retryAfterSeconds);
      throw new HttpError(429, `too many submissions; try again in ${wait} seconds`, { code: "rate_limited", headers: { "retry-after": wait } });
    }
  }
  if (spam.turnstileSecret) {
    await assertTurnstile({
      secret: envString(deps.env, spam.turnstileSecret, form.name),
      token: input.values[TURNSTILE_FIELD],
      fetch: deps.fetch,
      ...(input.remoteIp ? { remoteIp: input.remoteIp } : {}),
      ...(deps.turnstileUrl ? { url: deps.turnstileUrl } : {}),
    });
  }
  const data = validateSubmission(form, input.values);
  const silent = await silentVerdict(deps, form, input.values);
  if (silent === "honeypot" || silent === "too_fast") return { stored: false, reason: silent };
  const table = deps.table ?? requireGeneric(deps, form);
  const values = deps.table ? data : { form: form.name, data };
  // Claimed only now, with the row in one batch: a refused field leaves the token usable, and a
  // claim never lands without its row.
  const row = silent === null ? await insertRow(deps.db, table, values) : await insertClaimingFormToken(deps.db, table, values, form.name, silent, deps.now());
  const submittedAt = typeof row.createdAt === "string" ? row.createdAt : new Date(deps.now()).toISOString();
  return { stored: true, id: Number(row[table.primaryKey]), data, submittedAt };
}

/* The form's limiter: atomic on a Durable Object, or the KV window; none without either binding. */
function formLimiter(deps: CaptureDeps, form: FormDefinition): RateLimiter | null {
  const spam = form.spam ?? {};
  const spec = { prefix: `form-rl:${form.name}:`, now: deps.now, ...(spam.rateLimit ?? DEFAULT_FORM_RATE_LIMIT) };
  if (spam.rateLimitObject) return createDurableObjectLimiter({ namespace: envDurableObjects(deps.env, spam.rateLimitObject, form.name), ...spec });
  if (spam.rateLimitKv) return createSlidingWindowLimiter({ kv: envKv(deps.env, spam.rateLimitKv, form.name), ...spec });
  return null;
}

// Bots that fill every input or post the instant a page loads are dropped without a word, so they
// learn nothing from the answer. A form that passes the timing check answers its token, to be
// claimed (single use); an expired token is a visible 422, since a person may have left the page open.
async function silentVerdict(deps: CaptureDeps, form: FormDefinition, values: Record<string, unknown>): Promise<"honeypot" | "too_fast" | FormToken | null> {
  const spam = form.spam ?? {};
  if (spam.honeypot) {
    const trap = values[spam.honeypot];
    if (trap !== undefined && !(typeof trap === "string" && trap === "")) return "honeypot";
  }
  if (spam.minSeconds !== undefined && spam.timingSecret) {
    const now = deps.now();
    const token = await verifyFormToken(envString(deps.env, spam.timingSecret, form.name), form.name, values[TIMING_FIELD], now);
    if (token === null || now - token.issued < spam.minSeconds * 1000) return "too_fast";
    assertFreshFormToken(token, now);
    return token;
  }
  return null;
}

function requireGeneric(deps: CaptureDeps, form: FormDefinition): TableMeta {
  if (!deps.genericTable) throw new Error(`form ${form.name} has no table and the route has no genericTable`);
  return deps.genericTable;
}
