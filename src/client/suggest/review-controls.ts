import type * as Y from "yjs";
import type { EditBar } from "../edit-bar";
import type { FetchLike } from "../call-json";
import type { BarAction } from "../more-menu";
import type { Mounted } from "../mount-options";
import { createReview, type EditMode, type Review } from "./review";

/** The label of the edit bar's Suggestions action (also what its count is shown on). */
const SUGGESTIONS_ACTION = "Suggestions";

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
  // The panel and the routes are a chunk of their own: most page loads never settle a suggestion.
  const api = async () => (await import("./panel-chunk")).suggestApi(options.fetch, options.url);
  const openPanel = async () => {
    const { openSuggestionsPanel } = await import("./panel-chunk");
    await openSuggestionsPanel(document, { api: await api(), me: review.who?.id ?? null, canPublish: options.canPublish });
  };
  return {
    review,
    action: { icon: "suggest", text: SUGGESTIONS_ACTION, label: SUGGESTIONS_ACTION, onClick: () => void openPanel() },
    attach(bar, doc) {
      // The switch, the count and the card come with the live chunks, not the page's first script.
      let live: Mounted | null = null;
      let gone = false;
      void import("./review-live").then(({ mountReviewLive }) => {
        if (!gone) live = mountReviewLive(bar, doc, { review, canPublish: options.canPublish, api });
      });
      const unhear = review.onTell((text) => bar.setStatus(text));
      return { destroy: () => ((gone = true), unhear(), live?.destroy()) };
    },
  };
}
