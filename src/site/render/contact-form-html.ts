import { TIMING_FIELD, type FormDefinition, type FormField } from "../../cores/forms";
import { escapeHtml } from "./escape";

export interface FormHtmlOptions {
  /** The timing token from `issueFormToken`, embedded as the hidden `cms_form_ts` field. */
  token?: string;
  /** Where the form posts; default `/api/cms/forms/<name>`. */
  action?: string;
  /** Shown above the form: `sent` after the thank-you redirect, or the `form_error` code. */
  status?: { sent: boolean; error: string | null };
  /** Submit button text; default "Send". */
  submitLabel?: string;
}

const ERROR_TEXT: Record<string, string> = {
  validation_failed: "Please check the fields and try again.",
  rate_limited: "Too many messages from here just now. Please try again in a few minutes.",
};

const INPUT_TYPE: Partial<Record<FormField["type"], string>> = { text: "text", email: "email", url: "url", phone: "tel", number: "number", file: "file" };

/**
 * The markup of a declared form as a plain HTML form that works without JavaScript: it posts to the
 * form route (which answers a 303 to the thank-you URL), carries the timing token, and hides the
 * honeypot from people (off-screen, out of the tab order, hidden from assistive technology) but not
 * from bots that fill every input.
 *
 * @example
 * formHtml(contactForm, { token: await issueFormToken(secret, "contact", Date.now()) })
 */
export function formHtml(form: FormDefinition, options: FormHtmlOptions = {}): string {
  const action = options.action ?? `/api/cms/forms/${form.name}`;
  const multipart = Object.values(form.fields).some((field) => field.type === "file");
  const honeypot = form.spam?.honeypot;
  const parts = [
    statusHtml(options.status),
    `<form class="stack" id="${escapeHtml(form.name)}" method="post" action="${escapeHtml(action)}"${multipart ? ` enctype="multipart/form-data"` : ""}>`,
    ...Object.entries(form.fields).map(([name, field]) => fieldHtml(form.name, name, field)),
    honeypot
      ? `<div aria-hidden="true" style="position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden"><label>Leave this empty <input type="text" name="${escapeHtml(honeypot)}" value="" tabindex="-1" autocomplete="off"></label></div>`
      : "",
    options.token ? `<input type="hidden" name="${TIMING_FIELD}" value="${escapeHtml(options.token)}">` : "",
    `<button type="submit">${escapeHtml(options.submitLabel ?? "Send")}</button>`,
    `</form>`,
  ];
  return parts.filter((part) => part !== "").join("\n");
}

function statusHtml(status: FormHtmlOptions["status"]): string {
  if (!status) return "";
  if (status.sent) return `<p role="status">Thank you, your message was sent.</p>`;
  if (status.error) return `<p role="alert">${escapeHtml(ERROR_TEXT[status.error] ?? "Something went wrong. Please try again.")}</p>`;
  return "";
}

function fieldHtml(formName: string, name: string, field: FormField): string {
  const id = `${formName}-${name}`;
  const label = escapeHtml(field.label ?? name.charAt(0).toUpperCase() + name.slice(1));
  const attrs = [`id="${escapeHtml(id)}"`, `name="${escapeHtml(name)}"`];
  if (field.required) attrs.push("required");
  if (field.maxLength !== undefined) attrs.push(`maxlength="${field.maxLength}"`);
  if (field.minLength !== undefined) attrs.push(`minlength="${field.minLength}"`);
  if (field.min !== undefined) attrs.push(`min="${field.min}"`);
  if (field.max !== undefined) attrs.push(`max="${field.max}"`);
  if (field.type === "number" && !field.integer) attrs.push(`step="any"`);
  if (field.type === "email") attrs.push(`autocomplete="email"`);
  if (field.accept) attrs.push(`accept="${escapeHtml(field.accept.join(","))}"`);
  const a = attrs.join(" ");
  if (field.type === "textarea") return `<label for="${escapeHtml(id)}">${label}</label>\n<textarea ${a} rows="6"></textarea>`;
  if (field.type === "boolean") return `<label><input type="checkbox" ${a} value="on"> ${label}</label>`;
  if (field.type === "select") {
    const options = (field.choices ?? []).map((choice) => `<option value="${escapeHtml(choice)}">${escapeHtml(choice)}</option>`).join("");
    return `<label for="${escapeHtml(id)}">${label}</label>\n<select ${a}><option value="">Choose…</option>${options}</select>`;
  }
  return `<label for="${escapeHtml(id)}">${label}</label>\n<input type="${INPUT_TYPE[field.type] ?? "text"}" ${a}>`;
}
