import type * as Y from "yjs";
import { blockTypeNamed, type BlockType } from "../../shared/review-suggestions";
import { formatTime } from "../format-time";
import type { Mounted } from "../mount-options";
import { suggestionMeta } from "./model";
import { retypeSuggests } from "./retype-words";
import type { SuggestApi } from "./suggest-api";

/** What the card needs: the room's document, who is looking, and the routes that settle. */
export interface SuggestionCardOptions {
  doc: Y.Doc;
  me: number | string | null;
  canPublish: boolean;
  api: () => Promise<SuggestApi>;
}

const CARD_CSS_CLASS = "cms-suggestion-card";

/* What a suggestion in text does, after "… suggests". */
const TEXT_WORDS: Record<string, string> = { insert: "adding", delete: "deleting", format: "formatting", split: "a new paragraph here", join: "joining this paragraph to the one before" };

/**
 * A small card over the suggestion under the pointer or the caret (any element carrying
 * `data-cms-suggestion`: marked text, a proposed section's label): who suggested it and when, and
 * Accept / Reject for its author or a publisher. A suggestion someone else settled first says
 * "Already settled by someone else". Every suggestion is also in the Suggestions panel, which the
 * keyboard reaches from the edit bar.
 *
 * @example
 * mounted.push(suggestionCard(document, { doc: session.doc, me: 7, canPublish: false, api }));
 */
export function suggestionCard(page: Document, options: SuggestionCardOptions): Mounted {
  const card = page.createElement("div");
  card.className = CARD_CSS_CLASS;
  card.setAttribute("role", "group");
  card.setAttribute("aria-label", "Suggestion");
  card.hidden = true;
  const line = page.createElement("p");
  const note = page.createElement("p");
  note.setAttribute("role", "status");
  const accept = button(page, "Accept");
  const reject = button(page, "Reject");
  card.append(line, accept, reject, note);
  page.body.append(card);
  let shown: string | null = null;

  const show = (target: Element | null) => {
    const marked = target?.closest<HTMLElement>("[data-cms-suggestion]");
    if (!marked || card.contains(marked)) return;
    const id = marked.dataset.cmsSuggestion ?? "";
    const meta = suggestionMeta(options.doc, id);
    if (!meta) return;
    shown = id;
    const what = meta.kind === "retype" ? retypeSuggests(shownType(marked), meta.from) : (TEXT_WORDS[meta.kind] ?? `to ${meta.kind} this section`);
    line.textContent = `${meta.authorName || "Someone"} suggests ${what}${meta.at ? ` · ${formatTime(page, meta.at)}` : ""}`;
    note.textContent = "";
    const may = options.canPublish || String(meta.author) === String(options.me);
    accept.hidden = reject.hidden = !may;
    accept.disabled = reject.disabled = false;
    const box = marked.getBoundingClientRect();
    card.style.left = `${Math.max(4, box.left + page.defaultView!.scrollX)}px`;
    card.style.top = `${box.bottom + page.defaultView!.scrollY + 6}px`;
    card.hidden = false;
  };
  const settle = async (action: "accept" | "reject") => {
    if (!shown) return;
    accept.disabled = reject.disabled = true;
    const answer = await (await options.api()).settle(shown, action);
    if (answer.ok) card.hidden = true;
    else note.textContent = answer.settled ? "Already settled by someone else." : `Not ${action}ed: ${answer.error}`;
  };
  accept.addEventListener("click", () => void settle("accept"));
  reject.addEventListener("click", () => void settle("reject"));
  const onPointer = (event: Event) => show(event.target instanceof Element ? event.target : null);
  const onCaret = () => {
    const node = page.getSelection()?.anchorNode ?? null;
    show(node instanceof Element ? node : (node?.parentElement ?? null));
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === "Escape" && !card.hidden) card.hidden = true;
  };
  page.addEventListener("mouseover", onPointer);
  page.addEventListener("selectionchange", onCaret);
  page.addEventListener("keydown", onKey);
  return {
    destroy() {
      page.removeEventListener("mouseover", onPointer);
      page.removeEventListener("selectionchange", onCaret);
      page.removeEventListener("keydown", onKey);
      card.remove();
    },
  };
}

/* The type a block shows: the editor draws a heading as `h1`–`h6`, a paragraph as `p`. */
function shownType(element: HTMLElement): BlockType | null {
  const heading = /^H([1-6])$/.exec(element.tagName);
  return heading ? blockTypeNamed("heading", Number(heading[1])) : blockTypeNamed(element.tagName === "P" ? "paragraph" : "", null);
}

function button(page: Document, text: string): HTMLButtonElement {
  const element = page.createElement("button");
  element.type = "button";
  element.textContent = text;
  return element;
}
