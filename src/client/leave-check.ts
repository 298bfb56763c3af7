import type { SaveQueueSnapshot } from "./save-queue";

/** What decides whether leaving the page would lose edits. */
export interface LeaveState {
  snapshot: SaveQueueSnapshot;
  /** Auto-save is off: dirty fields are sent only by the Save button. */
  manual: boolean;
  /** Saves in flight without keepalive (they die with the page). */
  unkeptInFlight: number;
  /** Live edits the room has not acknowledged that are kept nowhere but this tab (no device copy). */
  liveUnkept: boolean;
}

/**
 * Whether leaving now would lose an edit, asked after the exit flush has sent what was pending:
 * unsaved fields with auto-save off, fields whose last save failed, saves in flight that lack
 * keepalive, and live edits the room has not acknowledged that are not kept on the device. A keepalive save in flight is not
 * a reason: the browser finishes it after the page is gone.
 *
 * @example
 * unsavedOnLeave({ snapshot: queue.snapshot(), manual: false, unkeptInFlight: 0, liveUnkept: false }) // false
 */
export function unsavedOnLeave(state: LeaveState): boolean {
  const { snapshot } = state;
  return (state.manual && snapshot.dirty.length > 0) || snapshot.failed.length > 0 || state.unkeptInFlight > 0 || state.liveUnkept;
}
