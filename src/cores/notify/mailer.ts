/** One plain-text notice. */
export interface MailMessage {
  to: readonly string[];
  subject: string;
  text: string;
  /** The submitter's address, so a reply goes to them rather than to the site's sender. */
  replyTo?: string;
}

/**
 * Sends mail. Adapters: `createSendEmailMailer` (a Cloudflare `send_email` binding) and
 * `createHttpMailer` (an HTTP mail API); tests pass their own.
 */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** The slice of a Cloudflare `send_email` binding the adapter uses. */
export interface SendEmailBinding {
  send(message: {
    from: string;
    to: string | string[];
    subject: string;
    text?: string;
    replyTo?: string;
  }): Promise<unknown>;
}

/**
 * A mailer over a Cloudflare `send_email` binding (the structured `send({ from, to, subject, text })`
 * form). Destination addresses must be verified on the account; the binding refuses others.
 *
 * @example
 * const mailer = createSendEmailMailer(env.SEND_EMAIL, { from: "forms@example.com" });
 */
export function createSendEmailMailer(binding: SendEmailBinding, options: { from: string }): Mailer {
  return {
    async send(message) {
      await binding.send({
        from: options.from,
        to: [...message.to],
        subject: message.subject,
        text: message.text,
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
      });
    },
  };
}

export interface HttpMailerOptions {
  /** The API's send endpoint, e.g. `https://api.resend.com/emails`. */
  url: string;
  /** Sent as `Authorization: Bearer <apiKey>`. */
  apiKey: string;
  from: string;
  fetch?: typeof fetch;
}

/**
 * A mailer over an HTTP mail API taking `POST { from, to, subject, text, reply_to }` with a bearer key
 * (the Resend shape; most transactional APIs accept it or a close variant).
 *
 * @example
 * const mailer = createHttpMailer({ url: "https://api.resend.com/emails", apiKey: env.MAIL_API_KEY, from: "forms@example.com" });
 */
export function createHttpMailer(options: HttpMailerOptions): Mailer {
  const doFetch = options.fetch ?? fetch;
  return {
    async send(message) {
      const response = await doFetch(options.url, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${options.apiKey}` },
        body: JSON.stringify({
          from: options.from,
          to: [...message.to],
          subject: message.subject,
          text: message.text,
          ...(message.replyTo ? { reply_to: message.replyTo } : {}),
        }),
      });
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) throw new Error(`mail API ${options.url} answered ${response.status}`);
    },
  };
}
