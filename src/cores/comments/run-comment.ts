import type { ActivityEvent, ActivityNoter } from "../../shared/activity";
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
  /** The page, and where its entry point notes activity (a comment added, resolved or deleted). */
  activity?: { collection: string; id: number; note: ActivityNoter };
}

/**
 * Runs one comment action, then notes its activity and mails each person it newly mentions: the
 * one place where "a comment was written, resolved or deleted" leads to an activity row and a
 * mention mail, whichever entry point wrote it.
 *
 * @example
 * const answer = await runComment({ run, by: session.name, mailer, origin: url.origin }, { kind: "add", input });
 */
export async function runComment(deps: RunCommentDeps, action: CommentAction): Promise<CommentAnswer> {
  const answer = await deps.run(action);
  const event = deps.activity ? commentEvent(deps.activity, action, answer) : null;
  if (event) deps.activity?.note(event);
  const text = action.kind === "add" || action.kind === "reply" || action.kind === "change-reply" ? action.input.text : null;
  if (deps.mailer && text !== null && answer.mentioned.length > 0 && answer.page) {
    await mailMentions(deps.mailer, { mentioned: answer.mentioned, by: deps.by, page: answer.page, quote: answer.thread?.quote ?? "", text, ...(deps.origin === undefined ? {} : { origin: deps.origin }) }, deps.onMailError);
  }
  return answer;
}

/* The activity row a stood comment action makes: adding a thread or a reply, resolving, deleting a thread. */
function commentEvent(page: { collection: string; id: number }, action: CommentAction, answer: CommentAnswer): ActivityEvent | null {
  const at = { collection: page.collection, recordId: page.id };
  const field = answer.thread ? { fields: [answer.thread.field] } : {};
  if (action.kind === "add" && answer.thread) return { kind: "comment.added", ...at, detail: { ...field, thread: answer.thread.id } };
  if (action.kind === "reply") return { kind: "comment.added", ...at, detail: { ...field, thread: action.thread, reply: true } };
  if (action.kind === "change" && action.change.resolved === true) return { kind: "comment.resolved", ...at, detail: { ...field, thread: action.thread } };
  if (action.kind === "delete") return { kind: "comment.deleted", ...at, detail: { thread: action.thread } };
  return null;
}
