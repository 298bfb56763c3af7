import type { Mailer } from "../notify/mailer";
import type { CommentAction, CommentAnswer } from "./comment-actions";
import { mailMentions } from "./mention-mail";

/** What one comment action needs from its entry point (REST or the service binding). */
export interface RunCommentDeps {
  /** Runs the action in the page's room, under the caller's rights. */
  run: (action: CommentAction) => Promise<CommentAnswer>;
  /** The name of who acts: it signs the mention mail. */
  by: string;
  /** Mails the people a comment newly mentions; without one, mentions are only recorded. */
  mailer?: Mailer;
  /** The site's origin, for the link in the mail; without it the mail names the page's address alone. */
  origin?: string;
  /** A mail that could not be sent: reported here, never the comment's failure. */
  onMailError?: (error: unknown) => void;
}

/**
 * Runs one comment action, then mails each person it newly mentions: the one place where "a
 * comment or reply was written" leads to a mention mail, whichever entry point wrote it.
 *
 * @example
 * const answer = await runComment({ run, by: session.name, mailer, origin: url.origin }, { kind: "add", input });
 */
export async function runComment(deps: RunCommentDeps, action: CommentAction): Promise<CommentAnswer> {
  const answer = await deps.run(action);
  const text = action.kind === "add" || action.kind === "reply" || action.kind === "change-reply" ? action.input.text : null;
  if (deps.mailer && text !== null && answer.mentioned.length > 0 && answer.page) {
    await mailMentions(deps.mailer, { mentioned: answer.mentioned, by: deps.by, page: answer.page, quote: answer.thread?.quote ?? "", text, ...(deps.origin === undefined ? {} : { origin: deps.origin }) }, deps.onMailError);
  }
  return answer;
}
