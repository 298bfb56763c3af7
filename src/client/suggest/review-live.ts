import type * as Y from "yjs";
import { SUGGESTIONS_ROOT } from "../../shared/review-suggestions";
import type { EditBar } from "../edit-bar";
import { Icon } from "../icon";
import type { Mounted } from "../mount-options";
import { addStylesOnce } from "../style-once";
import type { EditMode, Review } from "./review";
import type { SuggestApi } from "./suggest-api";
import { suggestionCard } from "./suggestion-card";

/*
 * Suggestions as everyone sees them: insertions underlined and tinted in their author's colour
 * (`--cms-author`), deletions struck through, proposed sections outlined with a label, a paragraph
 * split off (¶), proposed to join the one before (⤒) or given another type (⇄) marked at its left
 * edge.
 */
const REVIEW_CSS = `
.cms-suggestion,.cms-rich ins[data-id],.cms-rich del[data-id]{text-decoration-thickness:2px;text-decoration-color:var(--cms-author,#4363d8)}
ins.cms-suggestion,.cms-rich ins[data-id]{text-decoration-line:underline;background:color-mix(in srgb,var(--cms-author,#4363d8) 12%,transparent)}
del.cms-suggestion,.cms-rich del[data-id]{text-decoration-line:line-through;opacity:.75}
.cms-block-split,.cms-block-join,.cms-block-retype{position:relative;box-shadow:-4px 0 0 var(--cms-author,#4363d8)}
.cms-block-split::before,.cms-block-join::before,.cms-block-retype::before{position:absolute;left:-1.4em;color:var(--cms-author,#4363d8);font-weight:700}
.cms-block-split::before{content:"¶"}
.cms-block-join::before{content:"⤒"}
.cms-block-retype::before{content:"⇄"}
.cms-rich ins [data-cms-suggestion]{text-decoration:underline 2px var(--cms-author)}
.cms-rich del [data-cms-suggestion]{text-decoration:line-through 2px var(--cms-author)}
[data-cms-suggest]{outline:2px dashed var(--cms-author,#4363d8);outline-offset:4px}
[data-cms-suggest=remove]{opacity:.6}
.cms-entry-suggestion{margin:.2rem 0;font:600 12px/1.4 system-ui,sans-serif;color:#1d232b;border-left:4px solid var(--cms-author,#4363d8);padding-left:.4rem}
.cms-bar .cms-mode-switch[aria-checked=true]{background:#1d4ed8}
.cms-compact .cms-mode-switch .cms-label,.cms-folded .cms-mode-switch .cms-label{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.cms-suggestion-card{position:absolute;z-index:2147482002;display:flex;flex-wrap:wrap;gap:.4rem;align-items:center;max-width:22rem;padding:.4rem .6rem;font:13px/1.4 system-ui,sans-serif;color:#1d232b;background:#fff;border:1px solid #8a94a6;border-radius:.4rem;box-shadow:0 4px 14px rgb(0 0 0/.15)}
.cms-suggestion-card[hidden]{display:none}
.cms-suggestion-card p{margin:0;flex-basis:100%}
.cms-suggestion-card button{font:inherit;padding:.2rem .5rem;border:1px solid #8a94a6;border-radius:.3rem;background:#f3f4f6;color:#1d232b;cursor:pointer}
`;

/** The label of the edit bar's Suggestions action, whose count this keeps. */
const SUGGESTIONS_ACTION = "Suggestions";

/**
 * Review on a live page: the suggestions' styles, the Editing / Suggesting switch in the edit bar
 * (for an editor the page knows), the count of open suggestions on the bar's Suggestions action,
 * kept with the room's document, and the card over a suggestion under the pointer or the caret.
 *
 * @example
 * const live = mountReviewLive(bar, session.doc, { review, canPublish: false, api });
 */
export function mountReviewLive(bar: EditBar, doc: Y.Doc, options: { review: Review; canPublish: boolean; api: () => Promise<SuggestApi> }): Mounted {
  const { review } = options;
  addStylesOnce(bar.element.ownerDocument, "cms-review-styles", REVIEW_CSS);
  const stopSwitch = review.who ? modeSwitch(bar.element, review) : () => undefined;
  const open = doc.getMap(SUGGESTIONS_ROOT);
  const count = () => bar.setCount(SUGGESTIONS_ACTION, open.size, "open");
  count();
  open.observe(count);
  const card = suggestionCard(bar.element.ownerDocument, { doc, me: review.who?.id ?? null, canPublish: options.canPublish, api: options.api });
  return { destroy: () => (stopSwitch(), open.unobserve(count), card.destroy()) };
}

/*
 * The Editing / Suggesting switch, before the bar's secondary actions: a `role="switch"` button
 * whose checked state is Suggesting, its visible text the mode it is in, so speech and sight agree.
 */
function modeSwitch(bar: HTMLElement, review: Review): () => void {
  const doc = bar.ownerDocument;
  const button = doc.createElement("button");
  button.type = "button";
  button.className = "cms-mode-switch";
  button.setAttribute("role", "switch");
  button.setAttribute("aria-label", "Suggesting");
  button.title = "Suggesting: your edits become suggestions for the page's authors and publishers to accept";
  const text = doc.createElement("span");
  text.className = "cms-label";
  button.append(Icon("suggest"), text);
  const show = (mode: EditMode) => {
    button.setAttribute("aria-checked", String(mode === "suggesting"));
    text.textContent = mode === "suggesting" ? "Suggesting" : "Editing";
    doc.body.classList.toggle("cms-suggesting", mode === "suggesting");
  };
  show(review.mode());
  button.addEventListener("click", () => review.setMode(review.mode() === "suggesting" ? "editing" : "suggesting"));
  const stop = review.onMode(show);
  bar.insertBefore(button, bar.querySelector(".cms-more"));
  return () => (stop(), button.remove(), doc.body.classList.remove("cms-suggesting"));
}
