import type { Answer } from "../call-json";
import { formatTime } from "../format-time";
import type { CommentsApi } from "./comments-api";
import { mentionBox, type MentionBox } from "./mention-box";
import type { Thread } from "./threads";

/** What a card shows besides the thread: its words as they read now (null once deleted) and who is looking. */
export interface ThreadView {
  thread: Thread;
  /** The words now; null when they were deleted; undefined for a thread on a whole section. */
  words: string | null | undefined;
  /** The signed-in editor's id, when known: their own comments get Edit and Delete. */
  /** The signed-in editor's id, as threads name authors. */
  me: string | null;
}

/** One thread in the comments panel, kept while it is shown so a reply being typed survives live updates. */
export interface ThreadCard {
  element: HTMLElement;
  update(view: ThreadView): void;
}

export const WORDS_DELETED = "The text this comment was on was deleted";

/**
 * A thread's card: the words it is on (or that they were deleted), the comment and its replies
 * with author and time, Edit and Delete on one's own, a reply box with mentions, Resolve or
 * Reopen. Every action goes to the REST API; the change comes back through the room's document
 * (`update`), for this editor as for every other. A failure is said in the card's status line.
 *
 * @example
 * const card = threadCard(document, api, () => activate(thread.id));
 * card.update({ thread, words: "price", me: "2" });
 */
export function threadCard(doc: Document, api: CommentsApi, onActivate: () => void): ThreadCard {
  const element = doc.createElement("article");
  element.className = "cms-thread";
  element.tabIndex = -1;
  const body = doc.createElement("div");
  const status = doc.createElement("p");
  status.className = "cms-thread-status";
  status.setAttribute("role", "status");
  let current: ThreadView | null = null;
  const editing = new Map<string, MentionBox>();
  const run = async (call: Promise<Answer<unknown>>) => {
    status.textContent = "";
    const answer = await call;
    if (!answer.ok) status.textContent = `Not done: ${answer.error}`;
    return answer.ok;
  };
  const reply = mentionBox(doc, "Reply", () => api.people(), () => void sendReply());
  const sendReply = async () => {
    const { text, mentions } = reply.value();
    if (!current || !text) return;
    if (await run(api.reply(current.thread.id, text, mentions))) reply.clear();
  };
  const replyButton = button(doc, "Reply", () => void sendReply());
  const resolve = button(doc, "Resolve", () => {
    if (current) void run(api.edit(current.thread.id, { resolved: current.thread.resolved === null }));
  });
  const footer = doc.createElement("div");
  footer.className = "cms-thread-actions";
  footer.append(replyButton, resolve);
  element.append(body, reply.element, footer, status);
  element.addEventListener("focusin", onActivate);
  element.addEventListener("click", onActivate);

  const comment = (key: string, who: string, at: string, edited: string | null, text: string, mine: boolean, save: (t: string) => Promise<Answer<unknown>>, remove: () => Promise<Answer<unknown>>) => {
    const part = doc.createElement("div");
    part.className = "cms-comment";
    const meta = doc.createElement("p");
    meta.className = "cms-comment-meta";
    const name = doc.createElement("strong");
    name.textContent = who || "Someone";
    const time = doc.createElement("time");
    time.dateTime = at;
    time.textContent = formatTime(doc, at) + (edited ? " (edited)" : "");
    meta.append(name, " ", time);
    part.append(meta);
    const box = editing.get(key);
    if (box) {
      const finish = async () => {
        const value = box.value().text;
        if (value && (await run(save(value)))) (editing.delete(key), render());
      };
      part.append(box.element, button(doc, "Save", () => void finish()), button(doc, "Cancel", () => (editing.delete(key), render())));
      return part;
    }
    const words = doc.createElement("p");
    words.className = "cms-comment-text";
    words.textContent = text;
    part.append(words);
    if (mine) {
      part.append(
        button(doc, "Edit", () => {
          const edit = mentionBox(doc, "Edit comment", () => api.people(), () => undefined, text);
          editing.set(key, edit);
          render();
          edit.textarea.focus();
        }),
        button(doc, "Delete", () => void run(remove())),
      );
    }
    return part;
  };

  const render = () => {
    if (!current) return;
    const { thread, words, me } = current;
    // Only what is redrawn (the comments, their buttons) can lose the focus; the reply box stays.
    const focused = body.contains(doc.activeElement) ? doc.activeElement : null;
    const head = doc.createElement("p");
    head.className = words === null ? "cms-thread-gone" : "cms-thread-quote";
    head.textContent = words === null ? WORDS_DELETED : words === undefined ? "On the whole section" : `“${words}”`;
    const parts = [
      head,
      comment(thread.id, thread.authorName, thread.at, thread.edited, thread.text, me === thread.author, (t) => api.edit(thread.id, { text: t }), () => api.remove(thread.id)),
      ...thread.replies.map((r) => comment(`${thread.id}/${r.id}`, r.authorName, r.at, r.edited, r.text, me === r.author, (t) => api.editReply(thread.id, r.id, t), () => api.removeReply(thread.id, r.id))),
    ];
    if (thread.resolved) {
      const note = doc.createElement("p");
      note.className = "cms-thread-resolved";
      note.textContent = `Resolved by ${thread.resolved.byName || "someone"} ${formatTime(doc, thread.resolved.at)}`;
      parts.push(note);
    }
    body.replaceChildren(...parts);
    element.dataset.cmsThread = thread.id;
    element.setAttribute("aria-label", `Comment by ${thread.authorName || "someone"}${words ? ` on “${words}”` : ""}`);
    element.classList.toggle("cms-thread-is-resolved", thread.resolved !== null);
    resolve.textContent = thread.resolved ? "Reopen" : "Resolve";
    resolve.setAttribute("aria-label", thread.resolved ? "Reopen thread" : "Resolve thread");
    // A re-render must not drop the focus of someone working in the card (a button they pressed).
    if (focused instanceof HTMLElement && !focused.isConnected) element.focus({ preventScroll: true });
  };

  return {
    element,
    update(view) {
      current = view;
      render();
    },
  };
}

function button(doc: Document, text: string, onClick: () => void): HTMLButtonElement {
  const element = doc.createElement("button");
  element.type = "button";
  element.textContent = text;
  element.addEventListener("click", onClick);
  return element;
}
