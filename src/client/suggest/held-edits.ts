import type { SaveQueue } from "../save-queue";
import type { Review } from "./review";

/** What the editor is told when an edit of a field saved over HTTP is held back in Suggesting mode. */
export const HELD_WHILE_SUGGESTING = "This field cannot hold suggestions: your change waits here until you switch to Editing, which saves it";

/**
 * A save queue for the fields of a live page the room holds no entry for (they save over HTTP
 * and so cannot be suggested): while the page is in Suggesting mode an edit is held back, not
 * sent, and the editor is told to switch to Editing (`review.tell`); switching to Editing sends
 * what was held. In Editing mode edits go to `queue` as they come. While an edit is held, leaving
 * the page (`beforeunload` on `win`) asks the editor to confirm: the edit is kept nowhere else.
 *
 * @example
 * const held = holdWhileSuggesting(context.queue, review, window);
 * mounted.push(held, ...(await mountRestFields(overRest, { ...context, queue: held.queue })));
 */
export function holdWhileSuggesting(queue: SaveQueue, review: Review, win: Pick<EventTarget, "addEventListener" | "removeEventListener">): { queue: SaveQueue; destroy(): void } {
  const held = new Map<string, unknown>();
  const release = () => {
    for (const [field, value] of held) queue.edit(field, value);
    held.clear();
  };
  const stop = review.onMode((mode) => {
    if (mode === "editing") release();
  });
  const warn = (event: Event) => {
    if (held.size === 0) return;
    // A cancelled beforeunload is how the HTML standard asks (every current browser prompts).
    event.preventDefault();
  };
  win.addEventListener("beforeunload", warn);
  return {
    queue: {
      track: (field, value) => queue.track(field, value),
      edit(field, value) {
        if (review.mode() !== "suggesting") return queue.edit(field, value);
        held.set(field, value);
        review.tell(HELD_WHILE_SUGGESTING);
      },
      flush: () => queue.flush(),
      snapshot: () => queue.snapshot(),
      dispose: () => queue.dispose(),
    },
    destroy: () => {
      stop();
      win.removeEventListener("beforeunload", warn);
    },
  };
}
