import type { SaveState } from "./save-queue";

/** What the live connection to the page room is doing, when there is one. */
export type LiveState = "none" | "connecting" | "live" | "offline";

/**
 * The status line's text for a queue state. `Saved` becomes `Draft saved` on a versioned page
 * (its saves are drafts); an offline room keeps edits locally and says so.
 *
 * @example
 * statusText("saving", { versioned: true }) // "Saving…"
 * statusText("saved", { versioned: true }) // "Draft saved"
 */
export function statusText(state: SaveState, context: { versioned: boolean; live?: LiveState; manual?: boolean }): string {
  if (context.live === "offline") return "Offline — changes kept";
  switch (state) {
    case "saving":
      return "Saving…";
    case "saved":
      return context.versioned ? "Draft saved" : "Saved";
    case "failed":
      return "Save failed — changes kept, will retry on your next edit";
    case "dirty":
      return context.manual ? "Unsaved changes" : "Editing…";
    default:
      return context.live === "connecting" ? "Connecting…" : "All changes saved";
  }
}
