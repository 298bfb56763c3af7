import { defineForm, envString, issueFormToken, type FormEnv } from "../cores/forms";
import { inquiries } from "../tables/forms";
import { formHtml } from "./render/contact-form-html";

/** Env binding of the key that signs the contact form's render-time token. */
export const CONTACT_TIMING_SECRET = "CMS_FORM_TIMING_SECRET";

/**
 * The reference site's contact form: stored as inquiries, guarded by a honeypot, a 3-second minimum
 * fill time and a rate limit of 5 per 10 minutes per address; posts a signed webhook when
 * `CMS_FORM_WEBHOOK_URL` is set. Works without JavaScript: success and failure come back as 303s to
 * the page, read by `contactFormStatus`.
 */
export const contactForm = defineForm({
  name: "contact",
  fields: {
    name: { type: "text", required: true, maxLength: 120, label: "Name" },
    email: { type: "email", required: true, label: "Email" },
    message: { type: "textarea", required: true, maxLength: 5000, label: "Message" },
  },
  table: inquiries,
  spam: {
    rateLimitObject: "RATE_LIMIT",
    rateLimit: { limit: 5, windowSeconds: 600 },
    honeypot: "website",
    minSeconds: 3,
    timingSecret: CONTACT_TIMING_SECRET,
  },
  notify: { webhook: { urlEnv: "CMS_FORM_WEBHOOK_URL", secret: "CMS_FORM_WEBHOOK_SECRET" } },
  thankYouUrl: "/?form=contact&sent=1#contact",
  errorUrl: "/?form=contact#contact",
});

/**
 * What the page should say above the contact form, read from the redirect's query.
 *
 * @example
 * contactFormStatus(new URL("https://site.test/?form=contact&sent=1")) // { sent: true, error: null }
 */
export function contactFormStatus(url: URL): { sent: boolean; error: string | null } | undefined {
  if (url.searchParams.get("form") !== contactForm.name) return undefined;
  return { sent: url.searchParams.get("sent") === "1", error: url.searchParams.get("form_error") };
}

/**
 * The contact form's markup with a fresh timing token, ready for a demo page.
 *
 * @example
 * const html = await renderContactForm(env, new URL(request.url), Date.now());
 */
export async function renderContactForm(env: object, url: URL, nowMs: number): Promise<string> {
  const token = await issueFormToken(envString(env as FormEnv, CONTACT_TIMING_SECRET, contactForm.name), contactForm.name, nowMs);
  const status = contactFormStatus(url);
  return `<section aria-labelledby="contact-heading">\n<h2 id="contact-heading">Contact us</h2>\n${formHtml(contactForm, { token, ...(status ? { status } : {}) })}\n</section>`;
}
