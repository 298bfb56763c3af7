import type { Mailer } from "../notify/mailer";

/** Who a comment newly mentions, and where: what one mention mail says. */
export interface MentionNotice {
  mentioned: readonly { id: number; name: string; email: string }[];
  /** Who wrote the comment. */
  by: string;
  page: { title: string; address: string | null };
  /** The words the thread sits on ("" for a whole section). */
  quote: string;
  /** The comment or reply that mentions them. */
  text: string;
  /** The site's origin, for the link to the page; without it the mail names the page's address alone. */
  origin?: string;
}

/**
 * Mails each newly mentioned editor once: the subject names the page, the body quotes the words
 * and the comment and links to the page. A failed send is reported, never the comment's failure.
 * Returns how many mails went out.
 *
 * @example
 * await mailMentions(mailer, { mentioned, by: "Ann", page: { title: "Launch", address: "/launch" }, quote: "$20", text: "Right?", origin });
 */
export async function mailMentions(mailer: Mailer, notice: MentionNotice, onError: (error: unknown) => void = () => {}): Promise<number> {
  const link = `${notice.origin ?? ""}${notice.page.address ?? "/"}`;
  let sent = 0;
  for (const person of notice.mentioned) {
    const quoted = notice.quote === "" ? "" : `On “${notice.quote}”:\n`;
    const text = `${notice.by} mentioned you in a comment on ${notice.page.title}.\n\n${quoted}${notice.text}\n\nOpen the page to reply:\n${link}\n`;
    try {
      await mailer.send({ to: [person.email], subject: `${notice.by} mentioned you on ${notice.page.title}`, text });
      sent += 1;
    } catch (error) {
      onError(error);
    }
  }
  return sent;
}
