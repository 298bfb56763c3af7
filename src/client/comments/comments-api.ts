import { callJson, type Answer, type FetchLike } from "../call-json";
import type { WireAnchor } from "./anchors";

/** A member of the team who can be mentioned (`GET /api/cms/people`). */
export interface MentionablePerson {
  id: number;
  name: string;
  email: string;
}

/** The comments REST API of one page; every call answers `ok` or the failure in words. */
export interface CommentsApi {
  add(input: { field: string; anchor?: WireAnchor; text: string; mentions: number[] }): Promise<Answer<unknown>>;
  edit(thread: string, change: { text?: string; resolved?: boolean }): Promise<Answer<unknown>>;
  remove(thread: string): Promise<Answer<unknown>>;
  reply(thread: string, text: string, mentions: number[]): Promise<Answer<unknown>>;
  editReply(thread: string, reply: string, text: string): Promise<Answer<unknown>>;
  removeReply(thread: string, reply: string): Promise<Answer<unknown>>;
  people(): Promise<MentionablePerson[]>;
  /** The signed-in editor's email (`GET /api/cms/session`), to know which comments are theirs. */
  myEmail(): Promise<string | null>;
}

/**
 * The calls the comments panel makes, on `/api/cms/<collection>/<id>/comments` (the room writes
 * every change into the page's document, which brings it to every editor), the team's people for
 * mentions and the session. `people` and `myEmail` are asked once.
 *
 * @example
 * const api = commentsApi(fetch, "pages", 12);
 * await api.add({ field: "title", anchor, text: "Is this right?", mentions: [] });
 */
export function commentsApi(fetch: FetchLike, collection: string, id: number | string): CommentsApi {
  const base = `/api/cms/${encodeURIComponent(collection)}/${encodeURIComponent(String(id))}/comments`;
  const thread = (t: string) => `${base}/${encodeURIComponent(t)}`;
  let people: Promise<MentionablePerson[]> | null = null;
  let email: Promise<string | null> | null = null;
  return {
    add: (input) => callJson(fetch, base, "POST", { field: input.field, ...(input.anchor ? { anchor: input.anchor } : {}), text: input.text, ...(input.mentions.length ? { mentions: input.mentions } : {}) }),
    edit: (t, change) => callJson(fetch, thread(t), "PATCH", change),
    remove: (t) => callJson(fetch, thread(t), "DELETE"),
    reply: (t, text, mentions) => callJson(fetch, `${thread(t)}/replies`, "POST", { text, ...(mentions.length ? { mentions } : {}) }),
    editReply: (t, r, text) => callJson(fetch, `${thread(t)}/replies/${encodeURIComponent(r)}`, "PATCH", { text }),
    removeReply: (t, r) => callJson(fetch, `${thread(t)}/replies/${encodeURIComponent(r)}`, "DELETE"),
    people: () =>
      (people ??= callJson(fetch, "/api/cms/people", "GET").then((answer) => {
        const list = answer.ok ? (answer.value as { people?: unknown } | null)?.people : null;
        return Array.isArray(list) ? list.filter((p): p is MentionablePerson => typeof p?.id === "number" && typeof p?.name === "string" && typeof p?.email === "string") : [];
      })),
    myEmail: () =>
      (email ??= callJson(fetch, "/api/cms/session", "GET").then((answer) => {
        const value = answer.ok ? (answer.value as { email?: unknown } | null)?.email : null;
        return typeof value === "string" ? value : null;
      })),
  };
}
