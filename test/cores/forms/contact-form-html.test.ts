import { describe, expect, it } from "vitest";
import { defineForm, readFormToken } from "../../../src/cores/forms";
import { contactForm, contactFormStatus, renderContactForm } from "../../../src/site/contact-form";
import { formHtml } from "../../../src/site/render/contact-form-html";

describe("the contact form markup", () => {
  it("posts to the form route without JavaScript, with the honeypot hidden and a fresh timing token", async () => {
    const secret = "render-secret";
    const now = Date.UTC(2026, 0, 1);
    const html = await renderContactForm({ CMS_FORM_TIMING_SECRET: secret }, new URL("https://site.test/"), now);
    expect(html).toContain(`<form class="stack" id="contact" method="post" action="/api/cms/forms/contact">`);
    const token = /<input type="hidden" name="cms_form_ts" value="([^"]+)">/.exec(html)?.[1];
    expect(await readFormToken(secret, "contact", token, now + 1)).toBe(now);
    expect(html).toMatch(/<div aria-hidden="true" style="position:absolute;left:-10000px[^"]*"><label>Leave this empty <input type="text" name="website" value="" tabindex="-1" autocomplete="off">/);
    expect(html).toContain(`<input type="text" id="contact-name" name="name" required maxlength="120">`);
    expect(html).toContain(`<input type="email" id="contact-email" name="email" required autocomplete="email">`);
    expect(html).toContain(`<textarea id="contact-message" name="message" required maxlength="5000" rows="6"></textarea>`);
    expect(html).not.toContain("<script");
  });

  it("shows the outcome carried back by the redirect", () => {
    expect(contactFormStatus(new URL("https://site.test/?form=contact&sent=1"))).toEqual({ sent: true, error: null });
    expect(contactFormStatus(new URL("https://site.test/?form=contact&form_error=rate_limited"))).toEqual({ sent: false, error: "rate_limited" });
    expect(contactFormStatus(new URL("https://site.test/"))).toBeUndefined();
    expect(formHtml(contactForm, { status: { sent: true, error: null } })).toContain(`<p role="status">Thank you`);
    expect(formHtml(contactForm, { status: { sent: false, error: "<x>" } })).toContain(`<p role="alert">Something went wrong`);
  });

  it("renders every field type and escapes what it prints", () => {
    const form = defineForm({
      name: "all",
      fields: {
        n: { type: "number", min: 1, max: 9, integer: true },
        ok: { type: "boolean", label: `Agree "now" <b>` },
        pick: { type: "select", choices: [`a"b`] },
        doc: { type: "file", accept: ["text/plain"] },
        tel: { type: "phone" },
      },
    });
    const html = formHtml(form, { token: `"><script>` });
    expect(html).toContain(`enctype="multipart/form-data"`);
    expect(html).toContain(`<input type="number" id="all-n" name="n" min="1" max="9">`);
    expect(html).toContain(`<label><input type="checkbox" id="all-ok" name="ok" value="on"> Agree &quot;now&quot; &lt;b&gt;</label>`);
    expect(html).toContain(`<option value="a&quot;b">a&quot;b</option>`);
    expect(html).toContain(`<input type="file" id="all-doc" name="doc" accept="text/plain">`);
    expect(html).toContain(`<input type="tel" id="all-tel" name="tel">`);
    expect(html).toContain(`value="&quot;&gt;&lt;script&gt;"`);
  });
});
