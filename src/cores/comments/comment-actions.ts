import type { CommentReply, CommentThread } from "../../shared/review-comments";
import type { NewThreadInput, ReplyInput, ThreadChangeInput } from "./comment-input";

/** One change of the page's threads, as an entry point asks for it (the room checks the rights). */
export type CommentAction =
  | { kind: "list" }
  | { kind: "add"; input: NewThreadInput }
  | { kind: "change"; thread: string; change: ThreadChangeInput }
  | { kind: "delete"; thread: string }
  | { kind: "reply"; thread: string; input: ReplyInput }
  | { kind: "change-reply"; thread: string; reply: string; input: ReplyInput }
  | { kind: "delete-reply"; thread: string; reply: string };

/** A person a comment mentions, as the mailer needs them. */
export interface MentionedEditor {
  id: number;
  name: string;
  email: string;
}

/** What a comment action answers: the thread (or all of them), and who it newly mentions (to be mailed). */
export interface CommentAnswer {
  threads?: CommentThread[];
  thread?: CommentThread;
  reply?: CommentReply;
  mentioned: MentionedEditor[];
  /** The page, for the mention mail: its title and address (when the collection has one). */
  page?: { title: string; address: string | null };
}
