import type { Mailer } from "../notify/mailer";
import { deliverWebhook } from "../notify/webhook";
import type { FormEnv } from "./form-env";
import type { FormDefinition, FormValue } from "./form-types";

export interface NotifyDeps {
  env: FormEnv;
  fetch: typeof fetch;
  now: () => number;
  /** Sends the email notice; without one a declared email notice is skipped (and logged). */
  mailer?: Mailer;
}

/** What a stored submission tells its notify targets; also the webhook's JSON payload. */
export interface SubmissionNotice {
  form: string;
  id: number;
  submittedAt: string;
  data: Record<string, FormValue>;
}

/**
 * Fires a form's `notify` targets for a stored submission. Never rejects: the submission is already
 * stored and answered, so a failing webhook or mailer is logged and that is all.
 *
 * @example
 * ctx.waitUntil(notifySubmission({ env, fetch, now: Date.now, mailer }, contactForm, notice));
 */
export async function notifySubmission(deps: NotifyDeps, form: FormDefinition, notice: SubmissionNotice): Promise<void> {
  const tasks: Promise<unknown>[] = [];
  const webhook = form.notify?.webhook;
  if (webhook) {
    const url = webhook.url ?? envValue(deps.env, webhook.urlEnv);
    const secret = envValue(deps.env, webhook.secret);
    // An unset `urlEnv` is how a deployment turns the webhook off, so that case is quiet; a URL with no
    // secret is a mistake, and sending unsigned would let anyone forge deliveries, so it is logged instead.
    if (url && secret) tasks.push(deliverWebhook({ url, secret, payload: notice, fetch: deps.fetch, nowMs: deps.now() }));
    else if (url) console.error(`form ${form.name}: webhook skipped, env ${webhook.secret} (the signing secret) is not set`);
  }
  const email = form.notify?.email;
  if (email) {
    if (deps.mailer) {
      const replyTo = replyAddress(form, notice.data);
      tasks.push(
        deps.mailer.send({
          to: email.to,
          subject: email.subject ?? `New ${form.name} submission`,
          text: mailText(form, notice),
          ...(replyTo ? { replyTo } : {}),
        }),
      );
    } else {
      console.error(`form ${form.name}: email notice skipped, the route has no mailer`);
    }
  }
  const results = await Promise.allSettled(tasks);
  for (const result of results) {
    if (result.status === "rejected") console.error(`form ${form.name}: notify of submission ${notice.id} failed`, result.reason);
  }
}

function envValue(env: FormEnv, name: string | undefined): string | undefined {
  const value = name ? env[name] : undefined;
  return typeof value === "string" && value !== "" ? value : undefined;
}

function replyAddress(form: FormDefinition, data: Record<string, FormValue>): string | undefined {
  const field = Object.entries(form.fields).find(([name, f]) => f.type === "email" && typeof data[name] === "string");
  return field ? (data[field[0]] as string) : undefined;
}

/**
 * The plain-text body of the email notice: one `label: value` line per submitted field.
 *
 * @example
 * mailText(contactForm, { form: "contact", id: 7, submittedAt: "2026-01-01T00:00:00.000Z", data: { name: "Ann" } })
 */
export function mailText(form: FormDefinition, notice: SubmissionNotice): string {
  const lines = Object.entries(form.fields)
    .filter(([name]) => notice.data[name] !== undefined)
    .map(([name, field]) => `${field.label ?? name}: ${describe(notice.data[name] as FormValue)}`);
  return `New submission #${notice.id} to the ${form.name} form at ${notice.submittedAt}.\n\n${lines.join("\n")}\n`;
}

function describe(value: FormValue): string {
  if (typeof value === "object") return `(file ${value.name}, ${value.type}, ${value.size} bytes)`;
  return String(value);
}
