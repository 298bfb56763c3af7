import type { SaveState } from "./save-queue";

/**
 * What the live connection to the page room is doing, when there is one. `stalled`: the socket
 * looks open but the room has not acknowledged this editor's edits in time; it is being replaced.
 * `deleted`: the room closed with 4404, the page was deleted; nothing reconnects or saves any more.
 * `outdated`: the room closed with 4426, the site runs a newer editor; edits stay on the device
 * until the page is loaded again. `access-changed`: the room closed with 4409, the account's role or
 * scope changed; it reconnects under the new one. `out-of-scope`: the room closed with 4403, the
 * page is outside the account's scope; nothing reconnects or saves any more.
 */
export type LiveState = "none" | "connecting" | "live" | "offline" | "stalled" | "deleted" | "outdated" | "access-changed" | "out-of-scope";

/** What the status line says when the room no longer speaks with this (older) editor. */
export const OUTDATED_TEXT = "This editor was updated: reload the page to keep editing. Your changes are kept on this device.";

/**
 * The status line's text for a queue state. `Saved` becomes `Draft saved` on a versioned page
 * (its saves are drafts). Offline, the status says plainly where the edits are: on this device
 * (kept in IndexedDB, they survive a reload) or only in this tab.
 *
 * @example
 * statusText("saving", { versioned: true }) // "Saving…"
 * statusText("saved", { versioned: true }) // "Draft saved"
 * statusText("saved", { versioned: true, live: "offline" }) // "Offline: changes kept on this device"
 * statusText("saving", { versioned: true, live: "stalled" }) // "Not saved yet: reconnecting…"
 * statusText("saved", { versioned: true, live: "deleted" }) // "This page was deleted: changes here are not saved"
 * statusText("saved", { versioned: true, live: "access-changed" }) // "Your access to this page changed: reconnecting…"
 * statusText("saving", { versioned: true, live: "outdated" }) // "This editor was updated: reload the page to keep editing. …"
 */
export function statusText(state: SaveState, context: { versioned: boolean; live?: LiveState; manual?: boolean; keptOnDevice?: boolean }): string {
  if (context.live === "deleted") return "This page was deleted: changes here are not saved";
  if (context.live === "out-of-scope") return "This page is outside your access: changes here are not saved";
  if (context.live === "access-changed") return "Your access to this page changed: reconnecting…";
  if (context.live === "outdated") return context.keptOnDevice === false ? "This editor was updated: copy your unsaved changes, then reload the page to keep editing." : OUTDATED_TEXT;
  if (context.live === "offline") return context.keptOnDevice === false ? "Offline: changes kept in this tab until you reconnect" : "Offline: changes kept on this device";
  if (context.live === "stalled") return "Not saved yet: reconnecting…";
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
