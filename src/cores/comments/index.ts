export type { CommentAction, CommentAnswer, MentionedEditor } from "./comment-actions";
export { MAX_COMMENT_BODY_BYTES, parseNewThread, parseReply, parseThreadChange, type NewThreadInput, type ReplyInput, type ThreadChangeInput } from "./comment-input";
export { deleteStatement as deleteRecordCommentsStatement, readRecordComments, threadRows, writeRecordComments, type CommentRow } from "./comment-store";
export { mailMentions, type MentionNotice } from "./mention-mail";
export { runComment, type RunCommentDeps } from "./run-comment";
