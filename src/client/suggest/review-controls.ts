import type * as Y from "yjs";
import { SUGGESTIONS_ROOT } from "../../shared/review-suggestions";
import type { EditBar } from "../edit-bar";
import { Icon } from "../icon";
import type { FetchLike } from "../call-json";
import type { BarAction } from "../more-menu";
import type { Mounted } from "../mount-options";
import { addStylesOnce } from "../style-once";
import { createReview, type EditMode, type Review } from "./review";

/*
 * Suggestions as everyone sees them: insertions underlined and tinted in their author's colour
 * (`--cms-author`), deletions struck through, proposed sections outlined with a label.
 */
const REVIEW_CSS = `
.cms-suggestion,.cms-rich ins[data-id],.cms-rich del[data-id]{text-decoration-thickness:2px;text-decoration-color:var(--cms-author,#4363d8)}
ins.cms-suggestion,.cms-rich ins[data-id]{text-decoration-line:underline;background:color-mix(in srgb,var(--cms-author,#4363d8) 12%,transparent)}
del.cms-suggestion,.cms-rich del[data-id]{text-decoration-line:line-through;opacity:.75}
.cms-rich ins [data-cms-suggestion]{text-decoration:underline 2px var(--cms-author)}
.cms-rich del [data-cms-suggestion]{text-decoration:line-through 2px var(--cms-author)}
[data-cms-suggest]{outline:2px dashed var(--cms-author,#4363d8);outline-offset:4px}
[data-cms-suggest=remove]{opacity:.6}
.cms-entry-suggestion{margin:.2rem 0;font:600 12px/1.4 system-ui,sans-serif;color:#1d232b;border-left:4px solid var(--cms-author,#4363d8);padding-left:.4rem}
.cms-bar .cms-mode-switch[aria-checked=true]{background:#1d4ed8}
`;

/** The label of the edit bar's Suggestions action (also what its count is shown on). */
export const SUGGESTIONS_ACTION = "Suggestions";

/** How `mountLouise` sets up review on a versioned page. */
export interface PageReviewOptions {
  /** The signed-in editor (`mountLouise`'s `editor`); without it the page offers no Suggesting. */
  editor?: { id: number | string; name: string };
  /** Suggesting is the starting mode for an editor without the publish right. */
  suggestByDefault?: boolean;
  canPublish: boolean;
  /** The page's suggestion routes, `/api/cms/<collection>/<id>/suggestions`. */
  url: string;
  fetch: FetchLike;
}

/** The page's review: its mode, the bar's Suggestions action, and what it adds to the bar once live. */
export interface PageReview {
  review: Review;
  action: BarAction;
  /** Adds the mode switch to the bar and keeps the Suggestions count with the room's document. */
  attach(bar: EditBar, doc: Y.Doc): Mounted;
}

/**
 * The review state of a page: Editing or Suggesting (Suggesting first for an editor who cannot
 * publish when the site asks for it), the edit bar's "Suggestions" action, and once the page is
 * live, the Editing / Suggesting switch and the count of open suggestions on that action.
 *
 * @example
 * const page = pageReview({ editor: { id: 7, name: "Eve" }, suggestByDefault: true, canPublish: false, url: "/api/cms/pages/1/suggestions", fetch });
 * page.attach(bar, session.doc);
 */
export function pageReview(options: PageReviewOptions): PageReview {
  const start: EditMode = options.suggestByDefault === true && !options.canPublish ? "suggesting" : "editing";
  const review = createReview(options.editor ? { id: options.editor.id, name: options.editor.name } : null, start);
  // The panel is a chunk of its own: most page loads never open it.
  const openPanel = async () => {
    const { openSuggestionsPanel, suggestApi } = await import("./panel-chunk");
    await openSuggestionsPanel(document, { api: suggestApi(options.fetch, options.url), me: review.who?.id ?? null, canPublish: options.canPublish });
  };
  return {
    review,
    action: { icon: "suggest", text: SUGGESTIONS_ACTION, label: SUGGESTIONS_ACTION, onClick: () => void openPanel() },
    attach(bar, doc) {
      addStylesOnce(bar.element.ownerDocument, "cms-review-styles", REVIEW_CSS);
      const stopSwitch = review.who ? modeSwitch(bar.element, review) : () => undefined;
      const open = doc.getMap(SUGGESTIONS_ROOT);
      const count = () => bar.setCount(SUGGESTIONS_ACTION, open.size, "open");
      count();
      open.observe(count);
      return { destroy: () => (stopSwitch(), open.unobserve(count)) };
    },
  };
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
