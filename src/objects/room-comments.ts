import * as Y from "yjs";
import { threadRows, writeRecordComments, type CommentAction, type CommentAnswer, type MentionedEditor } from "../cores/comments";

export type { CommentAction, CommentAnswer } from "../cores/comments";
import { authorId, isAuthoredBy } from "../shared/editor-id";
import { HttpError, isHttpError } from "../shared/errors";
import { COMMENTS_ROOT, type CommentReply, type CommentResolution, type CommentThread } from "../shared/review-comments";
import type { EditorSession } from "../shared/session";
import { anchorTarget, isAhead, makeAnchors, readAnchors, targetText } from "./room-anchors";
import { publicAddress, type CollectionConfig } from "../cores/collection";
import type { LocaleAddressing } from "../shared/locale-path";
import type { RecordPlace } from "./room-access";
import { readFields, type RoomField } from "./room-document";

/*
 * The page's comment threads in the room's document (`cms:comments`, docs/room-protocol.md): only
 * the room writes them, under its own transaction origin, so every change reaches the editors by
 * normal Yjs sync and is stored like any update, but is no draft edit. D1 holds the durable copy
 * (`review_comments`), rewritten after each change and at each draft write (with the offsets and
 * words as they read then), from which a room whose storage is empty anchors its threads again.
 */

/** Transaction origin of the room's own writes of `cms:comments`: stored and broadcast, not a draft edit. */
export const COMMENTS_ORIGIN = Symbol("page-room:comments");

/** What the comments of one room work with. */
export interface RoomCommentsContext {
  doc: Y.Doc;
  fields: RoomField[];
  db: D1Database;
  collection: string;
  id: number;
  /** The collection's declaration, the site's languages and the record's locale and source: where visitors read the page, for the mention mail's link. */
  config: Pick<CollectionConfig, "address">;
  languages: LocaleAddressing;
  place: RecordPlace;
  /** Commits the accepted updates waiting (so the room's storage holds a change before D1 does). */
  commit: () => void;
  now?: () => Date;
}

/**
 * The comment threads of one room: read, changed under the session's rights, and mirrored to D1.
 *
 * @example
 * const answer = await comments.run(session, { kind: "add", input: parseNewThread(body) });
 */
export class RoomComments {
  readonly #c: RoomCommentsContext;
  #mirror: Promise<unknown> = Promise.resolve();
  #stopped = false;

  constructor(context: RoomCommentsContext) {
    this.#c = context;
  }

  /** Every thread as it reads now, oldest first. */
  list(): CommentThread[] {
    const threads: CommentThread[] = [];
    for (const [id, map] of this.#root().entries()) if (map instanceof Y.Map) threads.push(this.#read(id, map));
    return threads.sort((a, b) => (a.at === b.at ? a.id.localeCompare(b.id) : a.at.localeCompare(b.at)));
  }

  /** Runs one action; a change is written to the document, then D1 has it before this answers. */
  async run(session: EditorSession, action: CommentAction): Promise<CommentAnswer> {
    if (action.kind === "list") return { threads: this.list(), mentioned: [] };
    const author = session.id;
    const mentionIds = action.kind === "add" || action.kind === "reply" || action.kind === "change-reply" ? action.input.mentions : [];
    const people = await this.#people(mentionIds);
    const at = (this.#c.now?.() ?? new Date()).toISOString();
    let answer: CommentAnswer = { mentioned: [] };
    this.#c.doc.transact(() => {
      answer = this.#apply(session, author, action, at, people);
    }, COMMENTS_ORIGIN);
    this.#c.commit();
    await this.refresh();
    return answer.mentioned.length > 0 ? { ...answer, page: this.#page() } : answer;
  }

  /** Writes D1's copy of the threads as they read now (after every change, and at each draft write). */
  refresh(): Promise<void> {
    const write = async () => {
      if (this.#stopped) return;
      await writeRecordComments(this.#c.db, this.#c.collection, this.#c.id, threadRows(this.list()));
    };
    const next = this.#mirror.then(write, write);
    this.#mirror = next.catch(() => undefined);
    return next;
  }

  /** The record is gone: nothing is written to D1 again. */
  stop(): void {
    this.#stopped = true;
  }

  #apply(session: EditorSession, author: string, action: Exclude<CommentAction, { kind: "list" }>, at: string, people: Map<number, MentionedEditor>): CommentAnswer {
    const { doc, fields } = this.#c;
    if (action.kind === "add") {
      const { input } = action;
      const target = anchorTarget(doc, fields, input.field);
      const thread = new Y.Map<unknown>();
      const id = newCommentId();
      let quote = "";
      if ("range" in input) {
        if (target.kind === "entry") throw new HttpError(400, `${input.field} is a whole entry: send no from and to`, { code: "invalid_range" });
        const anchors = makeAnchors(target, input.range.from, input.range.to);
        thread.set("from", anchors.from);
        thread.set("to", anchors.to);
        quote = targetText(target).slice(input.range.from, input.range.to);
      } else if ("anchor" in input) {
        const reading = readAnchors(doc, target, input.anchor.from, input.anchor.to);
        const ahead = isAhead(doc, input.anchor.from) || isAhead(doc, input.anchor.to);
        if (reading.from === null && !ahead) throw new HttpError(400, `anchor does not select any text of ${input.field} now`, { code: "invalid_range" });
        thread.set("from", input.anchor.from);
        thread.set("to", input.anchor.to);
        quote = reading.quote;
      } else if (target.kind !== "entry") {
        throw new HttpError(400, `${input.field} is text: send from and to (or anchor) to say which words`, { code: "invalid_range" });
      }
      const mentions = input.mentions.filter((m) => !isAuthoredBy(m, author));
      for (const [key, value] of Object.entries({ field: input.field, quote, text: input.text, author, authorName: session.name, at, edited: null, resolved: null, mentions: input.mentions })) thread.set(key, value);
      thread.set("replies", new Y.Array<Y.Map<unknown>>());
      this.#root().set(id, thread);
      return { thread: this.#read(id, thread), mentioned: mentions.map((m) => people.get(m) as MentionedEditor) };
    }
    const thread = this.#thread(action.thread);
    if (action.kind === "delete") {
      if (!isAuthoredBy(thread.get("author"), author) && !session.access.publish) throw notAuthor("delete this thread (its author or a publisher may)");
      this.#root().delete(action.thread);
      return { mentioned: [] };
    }
    if (action.kind === "change") {
      if (action.change.text !== undefined) {
        if (!isAuthoredBy(thread.get("author"), author)) throw notAuthor("edit this comment (only its author may)");
        thread.set("text", action.change.text);
        thread.set("edited", at);
      }
      if (action.change.resolved !== undefined) thread.set("resolved", action.change.resolved ? ({ by: author, byName: session.name, at } satisfies CommentResolution) : null);
      return { thread: this.#read(action.thread, thread), mentioned: [] };
    }
    const replies = thread.get("replies") as Y.Array<Y.Map<unknown>>;
    if (action.kind === "reply") {
      const reply = new Y.Map<unknown>();
      const id = newCommentId();
      for (const [key, value] of Object.entries({ id, text: action.input.text, author, authorName: session.name, at, edited: null })) reply.set(key, value);
      replies.push([reply]);
      return { thread: this.#read(action.thread, thread), reply: readReply(reply), mentioned: this.#mention(thread, author, action.input.mentions, people) };
    }
    const index = replies.toArray().findIndex((reply) => reply.get("id") === action.reply);
    const reply = replies.get(index);
    if (index < 0 || !reply) throw new HttpError(404, `thread ${action.thread} has no reply ${action.reply}`, { code: "not_found" });
    if (!isAuthoredBy(reply.get("author"), author)) throw notAuthor(`${action.kind === "delete-reply" ? "delete" : "edit"} this reply (only its author may)`);
    if (action.kind === "delete-reply") {
      replies.delete(index, 1);
      return { thread: this.#read(action.thread, thread), mentioned: [] };
    }
    reply.set("text", action.input.text);
    reply.set("edited", at);
    return { thread: this.#read(action.thread, thread), reply: readReply(reply), mentioned: this.#mention(thread, author, action.input.mentions, people) };
  }

  /* The thread's mentions gain a reply's; the people not mentioned before (nor the writer) are returned. */
  #mention(thread: Y.Map<unknown>, author: string, ids: readonly number[], people: Map<number, MentionedEditor>): MentionedEditor[] {
    const before = (thread.get("mentions") as number[] | undefined) ?? [];
    const added = ids.filter((id) => !before.includes(id));
    if (added.length > 0) thread.set("mentions", [...before, ...added]);
    return added.filter((id) => !isAuthoredBy(id, author)).map((id) => people.get(id) as MentionedEditor);
  }

  /* Mentioned people must be on the team: the built-in sign-in's editors (400 `unknown_mention` otherwise). */
  async #people(ids: readonly number[]): Promise<Map<number, MentionedEditor>> {
    if (ids.length === 0) return new Map();
    const { results } = await this.#c.db
      .prepare(`SELECT id, name, email FROM editors WHERE id IN (${ids.map((_, i) => `?${i + 1}`).join(", ")})`)
      .bind(...ids)
      .all<MentionedEditor>();
    const people = new Map(results.map((row) => [row.id, row]));
    const unknown = ids.filter((id) => !people.has(id));
    if (unknown.length > 0) throw new HttpError(400, `mentions: no editor with id ${unknown.join(", ")} on this team`, { code: "unknown_mention" });
    return people;
  }

  #page(): { title: string; address: string | null } {
    const values = readFields(this.#c.doc, this.#c.fields.filter((field) => field.type === "text"));
    const { locale, sourceId } = this.#c.place;
    const record = { ...values, ...(locale === null ? {} : { locale }), ...(sourceId === null ? {} : { sourceId }) };
    return { title: typeof values.title === "string" && values.title !== "" ? values.title : `${this.#c.collection} ${this.#c.id}`, address: publicAddress(this.#c.config, this.#c.languages, record) };
  }

  #root(): Y.Map<unknown> {
    return this.#c.doc.getMap<unknown>(COMMENTS_ROOT);
  }

  #thread(id: string): Y.Map<unknown> {
    const thread = this.#root().get(id);
    if (!(thread instanceof Y.Map)) throw new HttpError(404, `no comment thread ${id} on this page`, { code: "not_found" });
    return thread;
  }

  #read(id: string, map: Y.Map<unknown>): CommentThread {
    const field = String(map.get("field") ?? "");
    const from = map.get("from");
    const to = map.get("to");
    let reading: { quote: string; from: number | null; to: number | null } = { quote: "", from: null, to: null };
    if (from instanceof Uint8Array && to instanceof Uint8Array) {
      try {
        reading = readAnchors(this.#c.doc, anchorTarget(this.#c.doc, this.#c.fields, field), from, to);
      } catch (error) {
        // The entry the thread sat in was removed: the thread stays, its words are gone.
        if (!isHttpError(error)) throw error;
      }
    }
    const replies = map.get("replies");
    return {
      id,
      field,
      quote: reading.quote,
      text: String(map.get("text") ?? ""),
      author: authorId(map.get("author")),
      authorName: String(map.get("authorName") ?? ""),
      at: String(map.get("at") ?? ""),
      edited: (map.get("edited") as string | null | undefined) ?? null,
      resolved: readResolution(map.get("resolved")),
      mentions: (map.get("mentions") as number[] | undefined) ?? [],
      replies: replies instanceof Y.Array ? replies.toArray().filter((r): r is Y.Map<unknown> => r instanceof Y.Map).map(readReply) : [],
      from: reading.from,
      to: reading.to,
    };
  }
}

function readReply(map: Y.Map<unknown>): CommentReply {
  return {
    id: String(map.get("id") ?? ""),
    text: String(map.get("text") ?? ""),
    author: authorId(map.get("author")),
    authorName: String(map.get("authorName") ?? ""),
    at: String(map.get("at") ?? ""),
    edited: (map.get("edited") as string | null | undefined) ?? null,
  };
}

/* A resolution as stored; one written when authors were numbers names its editor by the same id as text. */
function readResolution(value: unknown): CommentResolution | null {
  if (value === null || typeof value !== "object") return null;
  const { by, byName, at } = value as Record<string, unknown>;
  return { by: authorId(by), byName: String(byName ?? ""), at: String(at ?? "") };
}

function notAuthor(what: string): HttpError {
  return new HttpError(403, `you may not ${what}`, { code: "not_author" });
}

const ID_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/* 16 random characters: ids of threads and replies never collide across pages, so D1 keys them alone. */
function newCommentId(): string {
  let id = "";
  for (const byte of crypto.getRandomValues(new Uint8Array(16))) id += ID_ALPHABET[byte % ID_ALPHABET.length];
  return id;
}
