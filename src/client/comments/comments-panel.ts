import type { CommentsApi } from "./comments-api";
import { mentionBox } from "./mention-box";
import { threadCard, type ThreadCard, type ThreadView } from "./thread-card";

/** A thread as the panel lists it: what its card shows and how far down the page its words begin. */
export interface PanelItem {
  view: ThreadView;
  /** Document y of its words (or field); null when it has no place on the page. */
  top: number | null;
}

/** A new comment being written: the words it will be on, and where. */
export interface Draft {
  quote: string | undefined;
  top: number | null;
  /** Sends it; resolves whether it was taken (the box then closes) or the failure in words. */
  send(text: string, mentions: number[]): Promise<string | null>;
}

export interface CommentsPanel {
  element: HTMLElement;
  isOpen(): boolean;
  open(): void;
  close(): void;
  showResolved(): boolean;
  /** Shows the threads in the order given, the active one raised. */
  render(items: readonly PanelItem[], active: string | null): void;
  /** Opens the panel with a box for a new comment on `draft`'s words, focused. */
  compose(draft: Draft): void;
  destroy(): void;
}

const NARROW = "(max-width: 40rem)";
const GAP_PX = 8;
const BAR_ROOM_PX = 96;

/**
 * The comments panel: on a desktop a margin beside the page, each thread level with its words (in
 * page order, pushed down so none overlap; the active one raised); on a phone a sheet over the
 * bottom of the screen listing them. A labelled region with a heading, a "Show resolved" switch
 * and a Close button; Escape closes it and gives focus back to what opened it.
 *
 * @example
 * const panel = commentsPanel(document, api, { onActivate, onToggle: () => refresh() });
 */
export function commentsPanel(doc: Document, api: CommentsApi, hooks: { onActivate(id: string): void; onChange(): void }): CommentsPanel {
  const win = doc.defaultView ?? window;
  const element = doc.createElement("aside");
  element.className = "cms-comments";
  element.setAttribute("aria-label", "Comments");
  element.hidden = true;
  const head = doc.createElement("div");
  head.className = "cms-comments-head";
  const title = doc.createElement("h2");
  title.textContent = "Comments";
  const resolvedLabel = doc.createElement("label");
  const resolved = doc.createElement("input");
  resolved.type = "checkbox";
  resolvedLabel.append(resolved, "Show resolved");
  resolved.addEventListener("change", () => hooks.onChange());
  const closer = doc.createElement("button");
  closer.type = "button";
  closer.textContent = "Close";
  closer.setAttribute("aria-label", "Close comments");
  closer.addEventListener("click", () => close());
  head.append(title, resolvedLabel, closer);
  const list = doc.createElement("div");
  list.className = "cms-threads";
  const empty = doc.createElement("p");
  empty.className = "cms-comments-empty";
  empty.textContent = "No comments yet. Select words on the page and choose Comment.";
  element.append(head, empty, list);
  doc.body.append(element);

  const cards = new Map<string, ThreadCard>();
  let composer: { element: HTMLElement; top: number | null } | null = null;
  let opener: Element | null = null;
  let last: { items: readonly PanelItem[]; active: string | null } = { items: [], active: null };

  const place = (entries: { element: HTMLElement; top: number | null }[]) => {
    if (win.matchMedia(NARROW).matches) {
      for (const entry of entries) entry.element.style.top = "";
      list.style.height = "";
      return;
    }
    const origin = list.getBoundingClientRect().top + win.scrollY;
    let next = 0;
    for (const entry of entries) {
      const top = Math.max(next, (entry.top ?? origin + next) - origin);
      entry.element.style.top = `${top}px`;
      next = top + entry.element.offsetHeight + GAP_PX;
    }
    // Room below the last thread, as the page has below its content, so it can scroll clear of the edit bar.
    list.style.height = `${next + BAR_ROOM_PX}px`;
  };

  const render = (items: readonly PanelItem[], active: string | null) => {
    last = { items, active };
    const keep = new Set(items.map((item) => item.view.thread.id));
    let lostFocus = false;
    for (const [id, card] of cards) {
      if (keep.has(id)) continue;
      lostFocus ||= card.element.contains(doc.activeElement);
      card.element.remove();
      cards.delete(id);
    }
    const entries: { element: HTMLElement; top: number | null }[] = [];
    for (const item of items) {
      const id = item.view.thread.id;
      let card = cards.get(id);
      if (!card) cards.set(id, (card = threadCard(doc, api, () => hooks.onActivate(id))));
      card.update(item.view);
      card.element.classList.toggle("cms-thread-active", id === active);
      entries.push({ element: card.element, top: item.top });
    }
    if (composer) {
      const at = composer.top;
      const index = entries.findIndex((entry) => at !== null && entry.top !== null && entry.top > at);
      entries.splice(index < 0 ? entries.length : index, 0, composer);
    }
    // Put in page order, moving only what is out of place: moving the card being typed in would lose its focus.
    entries.forEach((entry, index) => {
      if (list.children[index] !== entry.element) list.insertBefore(entry.element, list.children[index] ?? null);
    });
    empty.hidden = entries.length > 0;
    // A card resolved or deleted while in use: focus stays in the panel (Escape still closes it).
    if (lostFocus) closer.focus({ preventScroll: true });
    if (!element.hidden) place(entries);
  };

  const close = () => {
    if (element.hidden) return;
    element.hidden = true;
    composer?.element.remove();
    composer = null;
    doc.body.classList.remove("cms-comments-open");
    hooks.onChange();
    if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
  };
  const open = () => {
    if (!element.hidden) return;
    opener = doc.activeElement;
    element.hidden = false;
    doc.body.classList.add("cms-comments-open");
    hooks.onChange();
    (list.querySelector<HTMLElement>(".cms-thread") ?? closer).focus({ preventScroll: true });
  };
  element.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || event.defaultPrevented) return;
    event.preventDefault();
    close();
  });

  return {
    element,
    isOpen: () => !element.hidden,
    open,
    close,
    showResolved: () => resolved.checked,
    render,
    compose(draft) {
      composer?.element.remove();
      const card = doc.createElement("form");
      card.className = "cms-thread cms-thread-active cms-composer";
      card.setAttribute("aria-label", "New comment");
      const quote = doc.createElement("p");
      quote.className = "cms-thread-quote";
      quote.textContent = draft.quote === undefined ? "On the whole section" : `“${draft.quote}”`;
      const status = doc.createElement("p");
      status.className = "cms-thread-status";
      status.setAttribute("role", "status");
      const submit = async () => {
        const { text, mentions } = box.value();
        if (!text) return void (status.textContent = "Write a comment first");
        status.textContent = "";
        const failure = await draft.send(text, mentions);
        if (failure !== null) return void (status.textContent = `Not saved: ${failure}`);
        card.remove();
        if (composer?.element === card) composer = null;
        hooks.onChange();
      };
      const box = mentionBox(doc, "Comment", () => api.people(), () => void submit());
      const send = doc.createElement("button");
      send.type = "submit";
      send.textContent = "Comment";
      const cancel = doc.createElement("button");
      cancel.type = "button";
      cancel.textContent = "Cancel";
      cancel.addEventListener("click", () => {
        card.remove();
        composer = null;
        hooks.onChange();
      });
      card.addEventListener("submit", (event) => (event.preventDefault(), void submit()));
      card.append(quote, box.element, send, cancel, status);
      composer = { element: card, top: draft.top };
      open();
      render(last.items, null);
      box.textarea.focus({ preventScroll: true });
    },
    destroy() {
      doc.body.classList.remove("cms-comments-open");
      element.remove();
    },
  };
}
