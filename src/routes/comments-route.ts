import { MAX_COMMENT_BODY_BYTES, parseNewThread, parseReply, parseThreadChange, runComment, type CommentAction, type CommentAnswer } from "../cores/comments";
import type { Mailer } from "../cores/notify/mailer";
import { HttpError } from "../shared/errors";
import { isCommentId } from "../shared/review-comments";
import type { EditorRoute, EditorRouteEnv } from "../shared/route-types";
import type { EditorSession, ResolveEditor } from "../shared/session";
import type { RateLimitRule } from "../cores/rate-limit";
import { activityNoterOf } from "../shared/request-activity";
import { readJsonObject } from "./body";
import { assertReviewBudget } from "./review-limit";
import { guardEditor } from "./guard";
import { json, noContent } from "./json";
import { matchPath } from "./match-path";
import { assertMethod, parseId, withErrorEdge } from "./run-editor-route";

export interface CommentsRouteConfig<Env extends EditorRouteEnv = EditorRouteEnv> {
  resolveEditor: ResolveEditor<Env>;
  /** The collections whose records have rooms (drafts on): their pages take comments. */
  collections: readonly string[];
  /** Runs an action in the record's room (`roomComments` of `src/objects/room-client.ts`, as `createCms` wires it). */
  run: (env: Env, collection: string, id: number, session: EditorSession, action: CommentAction) => Promise<CommentAnswer>;
  /** Mails mentioned editors when it answers a mailer; without one, mentions are only recorded. */
  mailer?: (env: Env) => Mailer | undefined;
  /** Review writes per editor per window (`assertReviewBudget`); default 60 a minute. */
  limit?: RateLimitRule;
  /** Mount point of the collections; default `/api/cms`. */
  basePath?: string;
}

/**
 * A page's comment threads, run by the page's room (so the words and offsets read live, and every
 * editor sees a change at once), with the rights of the page (an editor session; same origin for
 * writes; the account's scope):
 *
 * - `GET <base>/<c>/:id/comments`: `{ threads }`
 * - `POST <base>/<c>/:id/comments`: `{ field, from, to, text, mentions? }`, `{ field, anchor: { from, to }, text, mentions? }` or `{ field, text, mentions? }` (a whole section): 201, the thread
 * - `PATCH …/comments/:thread`: `{ text?, resolved? }` (text by its author; resolve or reopen by any editor): the thread
 * - `DELETE …/comments/:thread`: its author or a publisher: 204
 * - `POST …/comments/:thread/replies`: `{ text, mentions? }`: 201, the thread
 * - `PATCH`, `DELETE …/comments/:thread/replies/:reply`: its author: the thread, 204
 *
 * Each newly mentioned editor gets one mail when a mailer is configured.
 *
 * @example
 * const route = commentsRoute({ resolveEditor, collections: ["pages"], mailer: (env) => mailerOf(env) });
 */
export function commentsRoute<Env extends EditorRouteEnv>(config: CommentsRouteConfig<Env>): EditorRoute<Env> {
  const base = config.basePath ?? "/api/cms";
  return withErrorEdge<Env>(async (request, env) => {
    const url = new URL(request.url);
    const match = matchComments(base, url.pathname);
    if (!match || !config.collections.includes(match.collection)) return undefined;
    const { collection } = match;
    assertMethod(request, match.allowed);
    const session = await guardEditor(request, env, config.resolveEditor);
    if (request.method !== "GET") await assertReviewBudget(env, session, config.limit);
    const id = parseId(match.id);
    const mailer = config.mailer?.(env);
    const run = (action: CommentAction) =>
      runComment(
        { run: (a) => config.run(env, collection, id, session, a), by: session.name, origin: url.origin, ...(mailer ? { mailer } : {}), onMailError: (error) => console.error("comment mention: a mail could not be sent", error), activity: { collection, id, note: activityNoterOf(request) } },
        action,
      );
    const body = async () => readJsonObject(request, { maxBytes: MAX_COMMENT_BODY_BYTES });
    const thread = match.thread === undefined ? undefined : commentId(match.thread, "thread");
    const reply = match.reply === undefined ? undefined : commentId(match.reply, "reply");
    const answer = await (async (): Promise<Response> => {
      if (thread === undefined) {
        if (request.method === "GET") return json({ threads: (await run({ kind: "list" })).threads ?? [] });
        return json((await run({ kind: "add", input: parseNewThread(await body()) })).thread, { status: 201 });
      }
      if (match.replies === false) {
        if (request.method === "DELETE") return (await run({ kind: "delete", thread }), noContent());
        return json((await run({ kind: "change", thread, change: parseThreadChange(await body()) })).thread);
      }
      if (reply === undefined) {
        return json((await run({ kind: "reply", thread, input: parseReply(await body()) })).thread, { status: 201 });
      }
      if (request.method === "DELETE") return (await run({ kind: "delete-reply", thread, reply }), noContent());
      return json((await run({ kind: "change-reply", thread, reply, input: parseReply(await body()) })).thread);
    })();
    return answer;

  });
}

interface CommentsMatch {
  collection: string;
  id: string;
  thread?: string;
  replies?: boolean;
  reply?: string;
  allowed: readonly string[];
}

/* The comment paths, most specific last: each with the methods it answers. */
function matchComments(base: string, pathname: string): CommentsMatch | null {
  const list = matchPath(`${base}/:collection/:id/comments`, pathname);
  if (list) return { collection: list.collection!, id: list.id!, allowed: ["GET", "POST"] };
  const thread = matchPath(`${base}/:collection/:id/comments/:thread`, pathname);
  if (thread) return { collection: thread.collection!, id: thread.id!, thread: thread.thread!, replies: false, allowed: ["PATCH", "DELETE"] };
  const replies = matchPath(`${base}/:collection/:id/comments/:thread/replies`, pathname);
  if (replies) return { collection: replies.collection!, id: replies.id!, thread: replies.thread!, replies: true, allowed: ["POST"] };
  const reply = matchPath(`${base}/:collection/:id/comments/:thread/replies/:reply`, pathname);
  if (reply) return { collection: reply.collection!, id: reply.id!, thread: reply.thread!, replies: true, reply: reply.reply!, allowed: ["PATCH", "DELETE"] };
  return null;
}

function commentId(raw: string, name: string): string {
  if (!isCommentId(raw)) throw new HttpError(400, `${name} must be a comment id (1 to 64 letters, digits, _ or -)`, { code: "invalid_input" });
  return raw;
}
